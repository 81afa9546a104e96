/**
 * `--open-labels` on Windows opens the label through the default browser: Wine hands http URLs to its winebrowser,
 * which starts the Linux xdg-open found on PATH, here a stand-in that writes down the URL it was given.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { startWinInv, whyNoWine, winInv, winPath } from './wine.js';

const why = whyNoWine();
let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

/** An environment whose default browser writes down what it is asked to open (into the file `seen`). */
function recordingBrowser(): { env: Record<string, string>; seen: string } {
  const bin = tempDir('win-browser');
  const seen = join(bin, 'opened.txt');
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" >> '${seen}'\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
  const env = {
    ...fx.authed,
    INV_CONFIG_DIR: winPath(fx.env.INV_CONFIG_DIR),
    INV_STATE_DIR: winPath(fx.env.INV_STATE_DIR),
    PATH: `${bin}:${process.env.PATH}`,
  };
  return { env, seen };
}

describe.skipIf(why)(`the default browser on Windows${why ? ` (skipped: ${why})` : ''}`, () => {
  it('opens the login page of inv login', async () => {
    const { env, seen } = recordingBrowser();
    const login = startWinInv(['login'], { env: { ...env, INV_TOKEN: undefined } });
    try {
      const opened = await waitFor(() => existsSync(seen) && readFileSync(seen, 'utf8'), {
        what: () => `the login page at the default browser (inv said: ${login.output().stderr})`,
        deadline: 60_000,
        every: 100,
      });
      // Wine's browser handler hands the Linux browser the page's Linux path.
      expect(opened).toMatch(/^file:\/\/\/.*\.html$/m);
    } finally {
      login.child.kill('SIGKILL');
      await login.closed;
    }
  });

  it('opens each shipment label of send-to-fba --open-labels', async () => {
    const { env, seen } = recordingBrowser();
    const run = await winInv(['send-to-fba', 'MUG-BLUE-11OZ', '1', '--from', '1', '--open-labels', '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    const opened = await waitFor(() => existsSync(seen) && readFileSync(seen, 'utf8'), {
      what: 'the label URL at the default browser',
      deadline: 30_000,
      every: 100,
    });
    expect(opened).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w*label\?/im);
  });
});
