/**
 * Global setup of the Windows suite: a Wine prefix that says Windows 10 (Node 22 refuses older versions), made once
 * and kept, and a wineserver kept up between the tests' processes. Without Wine it only says why the suite skips.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { WINEPREFIX, whyNoWine, wineEnv, wineLoader } from './wine.js';

/** Vitest global setup. */
export default function setup(): void {
  const why = whyNoWine();
  if (why) {
    console.warn(`the Windows suite is skipped: ${why}`);
    return;
  }
  const wine = wineLoader()!;
  const run = (...args: string[]) => execFileSync(wine, args, { env: wineEnv(), stdio: 'ignore' });
  if (!existsSync(join(WINEPREFIX, 'system.reg'))) {
    run('wineboot', '-i');
    run('winecfg', '/v', 'win10');
  }
  // Kept up for 30 s after its last process: each Windows process then starts in about a second, not three.
  try {
    execFileSync(join(dirname(wine), 'wineserver'), ['-p30'], { env: wineEnv(), stdio: 'ignore' });
  } catch {
    // one is up already
  }
}
