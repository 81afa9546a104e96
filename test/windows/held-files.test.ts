/**
 * Windows refuses to rename over a file another process has open (Wine as well): an indexer, a backup or another inv
 * reading it for a moment. The sandbox, started again on its data file while another process holds that file until
 * the new content is ready beside it, still starts and keeps its state. A batch from stdin leaves no copy behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inventoryFixture } from '../helpers/inventory.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { startWinInv, whyNoWine, wineEnv, wineLoader, windowsNode, winInv, winPath } from './wine.js';

const why = whyNoWine() ?? (windowsNode() ? undefined : 'no Windows Node to hold a file open (INV_WIN_NODE)');

// Opens the file, says so, and closes it 300 ms after a temporary file of its name appears beside it.
const HOLDER = `
const fs = require('fs'), path = require('path');
const [file, ready] = process.argv.slice(1);
const fd = fs.openSync(file, 'r');
fs.writeFileSync(ready, 'open');
const dir = path.dirname(file), name = path.basename(file);
const timer = setInterval(() => {
  if (fs.readdirSync(dir).some((n) => n.startsWith('.' + name + '.') && n.endsWith('.tmp'))) {
    clearInterval(timer);
    setTimeout(() => fs.closeSync(fd), 300);
  }
}, 5);
setTimeout(() => process.exit(0), 60000);
`;

/** Starts the sandbox on `data` and waits for its JSON; resolves to the exit code, or 0 once it listens. */
async function sandboxStarts(dir: string, data: string): Promise<{ started: boolean; stderr: string }> {
  const env = { INV_CONFIG_DIR: winPath(join(dir, 'config')), INV_STATE_DIR: winPath(join(dir, 'state')) };
  const run = startWinInv(['sandbox', '--json', '--port', '0', '--no-save-profile', '--data', winPath(data)], { env });
  const started = await waitFor(() => run.output().stdout.includes('"baseUrl"') || run.child.exitCode !== null, {
    what: 'the sandbox listening or exiting',
    deadline: 60_000,
    every: 100,
  });
  const listening = started && run.child.exitCode === null;
  run.child.kill('SIGKILL');
  const { stderr } = await run.closed;
  return { started: listening, stderr };
}

describe.skipIf(why)(`files held open on Windows${why ? ` (skipped: ${why})` : ''}`, () => {
  it('starts the sandbox again on its data file while another process holds it open', async () => {
    const dir = tempDir('win-held');
    const data = join(dir, 'data.json');
    expect((await sandboxStarts(dir, data)).started).toBe(true);
    const ready = join(dir, 'ready');
    const holder = spawn(wineLoader()!, [windowsNode()!, '-e', HOLDER, winPath(data), winPath(ready)], {
      env: wineEnv(),
      stdio: 'ignore',
    });
    try {
      await waitFor(() => existsSync(ready), { what: 'the holder to open the data file', deadline: 60_000 });
      const again = await sandboxStarts(dir, data);
      expect(again.started, again.stderr).toBe(true);
    } finally {
      holder.kill('SIGKILL');
      writeFileSync(ready, 'done');
    }
  });

  it('reads a batch from stdin through a copy it removes once the batch is done', async () => {
    const fx = await inventoryFixture();
    try {
      const input = join(fx.dir, 'moves.csv');
      writeFileSync(input, 'msku,quantity,from,to\r\n' + 'MUG-BLUE-11OZ,1,1,2\r\n'.repeat(3));
      const env = {
        ...fx.authed,
        INV_CONFIG_DIR: winPath(fx.env.INV_CONFIG_DIR),
        INV_STATE_DIR: winPath(fx.env.INV_STATE_DIR),
      };
      const run = await winInv(['move', '--file', '-', '--json'], { env, input });
      expect(run.code, run.stderr).toBe(0);
      const left = readdirSync(fx.env.INV_STATE_DIR, { recursive: true }).map(String);
      expect(left.filter((name) => /stdin-\d+/.test(name))).toEqual([]);
    } finally {
      await fx.close();
    }
  });
});
