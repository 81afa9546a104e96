// A BROWSER for `inv login` in tests: the headless Chromium at CHROMIUM_PATH (test/e2e/browser-login.test.ts chooses it),
// driven by playwright-core.
// It opens the URL it is given, signs in as LOGIN_USERNAME / LOGIN_PASSWORD, clicks Approve,
// and writes the heading of the page it lands on to LOGIN_RESULT_FILE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [url] = process.argv.slice(2);
const resultFile = process.env.LOGIN_RESULT_FILE;
// Without it playwright-core would look for a browser of its own download, which the tests never make.
if (!process.env.CHROMIUM_PATH) {
  if (resultFile) writeFileSync(resultFile, 'browser error: CHROMIUM_PATH is not set');
  process.exit(1);
}
// Chromium's own temporary files go in a folder this script removes once the browser is closed.
const temp = mkdtempSync(join(tmpdir(), 'inv-cr-'));
const browser = await chromium.launch({
  env: { ...process.env, TMPDIR: temp },
  executablePath: process.env.CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  // inv hands over a local page that forwards to the authorization server: wait until the browser is there.
  await page.goto(url);
  await page.waitForURL(/\/oauth2\/auth\?/);
  await page.fill('#username', process.env.LOGIN_USERNAME ?? '');
  await page.fill('#password', process.env.LOGIN_PASSWORD ?? '');
  await Promise.all([page.waitForURL(/127\.0\.0\.1:\d+\/callback/), page.click('button[value=approve]')]);
  const heading = await page.locator('h1').textContent({ timeout: 10_000 });
  if (resultFile) writeFileSync(resultFile, heading ?? '');
} catch (error) {
  if (resultFile) writeFileSync(resultFile, `browser error: ${error.message}`);
} finally {
  await browser.close();
  rmSync(temp, { recursive: true, force: true });
}
