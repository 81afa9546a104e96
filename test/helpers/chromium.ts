/** Debian's headless Chromium, where the tests find it, and a page of it driven by playwright-core (never a download). */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

// Chromium's headless shell, what Playwright itself runs for a headless browser: the same engine as the full browser
// at a third less CPU (docs/decisions.md §20). The full browser serves where only it is installed.
export const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium-headless-shell';

/** A headless Chromium of its own (its temporary files removed by `close`), as the login test's browser starts it. */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const temp = mkdtempSync(join(tmpdir(), 'inv-cr-'));
  const browser = await chromium.launch({
    env: { ...process.env, TMPDIR: temp },
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(temp, { recursive: true, force: true });
    },
  };
}
