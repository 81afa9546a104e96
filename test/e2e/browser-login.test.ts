/** The real thing: headless Chromium is the BROWSER of a spawned `inv login`, fills the login page, clicks Approve. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../helpers/chromium.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { spawnInv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';

const BROWSER_SCRIPT = fileURLToPath(new URL('../helpers/chromium-browser.mjs', import.meta.url));

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

describe('inv login in a real browser', () => {
  it('Chromium signs in and approves; inv whoami then prints the demo user', async () => {
    // .ci/run installs Debian's chromium-headless-shell; without a browser this test fails rather than pretending to pass.
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium-headless-shell`).toBe(true);
    const { oauth } = fx.sandbox.credentials;
    const resultFile = join(fx.dir, 'browser-result.txt');
    const env = {
      ...fx.env,
      INV_CLIENT_ID: oauth.clientId,
      INV_CLIENT_SECRET: oauth.clientSecret,
      BROWSER: `${process.execPath} ${BROWSER_SCRIPT}`,
      CHROMIUM_PATH: CHROMIUM,
      LOGIN_USERNAME: oauth.username,
      LOGIN_PASSWORD: oauth.password,
      LOGIN_RESULT_FILE: resultFile,
    };
    const login = await spawnInv(['login', '--timeout', '60'], { env });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/logged in as demo@example.com/);
    const who = await spawnInv(['whoami', '-o', 'table'], { env });
    expect(who.code).toBe(0);
    expect(who.stdout).toMatch(/demo@example\.com\s+Demo Seller/);
    // The browser showed the success page of the loopback listener.
    // The file may exist before its text is written: wait for the text.
    await waitFor(() => existsSync(resultFile) && readFileSync(resultFile, 'utf8') !== '', {
      what: `the page the browser showed, in ${resultFile}`,
      every: 100,
    });
    expect(readFileSync(resultFile, 'utf8')).toBe('Logged in');
    // The browser runs detached: its end is when it removed its temporary files.
    await waitFor(() => !readdirSync(tmpdir()).some((name) => name.startsWith('inv-cr-')), {
      what: 'the browser to close and remove its temporary folder',
    });
  }, 90_000);
});
