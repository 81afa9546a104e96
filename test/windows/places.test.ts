/** Where inv keeps things on Windows: config under %APPDATA%\inv, state under %LOCALAPPDATA%\inv, unless moved. */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeJson } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { WINEPREFIX, startWinInv, whyNoWine, winInv, winPath } from './wine.js';

const why = whyNoWine();
// Wine sets APPDATA and LOCALAPPDATA from its registry (C:\users\<name>\AppData\…), whatever the Linux side says.
const USER = process.env.USER || 'root';
const ROAMING = join(WINEPREFIX, 'drive_c', 'users', USER, 'AppData', 'Roaming', 'inv');
const LOCAL = join(WINEPREFIX, 'drive_c', 'users', USER, 'AppData', 'Local', 'inv');

// The prefix is kept between runs: a run stopped half way leaves these behind.
const clean = () => {
  rmSync(ROAMING, { recursive: true, force: true });
  rmSync(LOCAL, { recursive: true, force: true });
};
beforeAll(clean);
afterAll(clean);

describe.skipIf(why)(`Windows places${why ? ` (skipped: ${why})` : ''}`, () => {
  it('keeps the config under %APPDATA%\\inv and says so in inv config path', async () => {
    const { code, stdout, stderr } = await winInv(['config', 'path']);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(`C:\\users\\${USER}\\AppData\\Roaming\\inv\\config.json`);
  });

  it('writes the config file there, with no note about directories open to others', async () => {
    rmSync(join(WINEPREFIX, 'drive_c', 'users', USER, '.config'), { recursive: true, force: true });
    const made = await winInv(['profile', 'create', 'w']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).not.toMatch(/open to other|tightened|belongs to/);
    expect(existsSync(join(ROAMING, 'config.json'))).toBe(true);
    expect(existsSync(join(WINEPREFIX, 'drive_c', 'users', USER, '.config'))).toBe(false);
  });

  it('keeps the sandbox data in the state directory, %LOCALAPPDATA%\\inv', async () => {
    const run = startWinInv(['sandbox', '--json', '--port', '0', '--no-save-profile']);
    try {
      const info = await waitFor(() => wholeJson<{ dataFile: string }>(run.output().stdout), {
        what: () => `the sandbox's JSON (stderr: ${run.output().stderr})`,
        deadline: 60_000,
        every: 100,
      });
      expect(info.dataFile).toBe(`C:\\users\\${USER}\\AppData\\Local\\inv\\sandbox.json`);
    } finally {
      run.child.kill('SIGKILL');
      await run.closed;
    }
  });

  it('still lets INV_CONFIG_DIR and XDG_CONFIG_HOME move the config', async () => {
    const dir = tempDir('win-places');
    const moved = await winInv(['config', 'path'], { env: { INV_CONFIG_DIR: winPath(join(dir, 'inv')) } });
    expect(moved.stdout.trim()).toBe(`${winPath(join(dir, 'inv'))}\\config.json`);
    const xdg = await winInv(['config', 'path'], { env: { XDG_CONFIG_HOME: winPath(dir) } });
    expect(xdg.stdout.trim()).toBe(`${winPath(dir)}\\inv\\config.json`);
  });
});
