/**
 * The first hour of a new user, on real terminals: `inv sandbox` in one, the command it prints
 * in another, then whoami, items list, stock list and a prompted `locations create` (a wrong
 * answer, then a right one). Also: an ephemeral sandbox leaves the profile of a running one alone,
 * and a busy port says to use --port 0.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { runInTerminal, startInTerminal, type TerminalSession } from '../helpers/terminal.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const plain = (screen: string) => screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

let dir: string;
let env: Record<string, string>;
let sandbox: TerminalSession;
let screen = '';
beforeAll(async () => {
  dir = tempDir('first-hour');
  env = { INV_CONFIG_DIR: join(dir, 'config'), INV_STATE_DIR: join(dir, 'state'), COLUMNS: '200' };
  sandbox = startInTerminal(['sandbox', '--port', '0'], env);
  screen = plain(await sandbox.waitFor(/Press Ctrl-C to stop[\s\S]*inv profile use/));
}, 30_000);
afterAll(async () => {
  sandbox.type('\x03');
  await sandbox.exited;
  removeTempDir(dir);
});

describe('the first hour', () => {
  it('walks from inv sandbox to a prompted locations create, every step exiting 0', async () => {
    const next = /next, in another terminal: inv (.+)/.exec(screen)?.[1]?.trim().split(/\s+/);
    expect(next, screen).toEqual(['--profile', 'sandbox', 'login']);
    const password = /login\.password\s+(\S+)/.exec(screen)?.[1];
    expect(password, screen).toBeDefined();
    const browser = `${process.execPath} ${fileURLToPath(new URL('../helpers/approve-browser.mjs', import.meta.url))}`;
    const login = await runInTerminal(
      next!,
      { ...env, BROWSER: browser, APPROVE_USER: 'demo', APPROVE_PASSWORD: password! },
      [],
      30_000,
    );
    expect(login.code, login.screen).toBe(0);

    const profile = ['--profile', 'sandbox'];
    const whoami = await runInTerminal([...profile, 'whoami'], env, []);
    expect(whoami.code, whoami.screen).toBe(0);
    expect(whoami.screen).toMatch(/demo/);
    const items = await runInTerminal([...profile, 'items', 'list'], env, []);
    expect(items.code, items.screen).toBe(0);
    expect(items.screen).toMatch(/MUG-BLUE-11OZ/);
    const stock = await runInTerminal([...profile, 'stock', 'list'], env, []);
    expect(stock.code, stock.screen).toBe(0);
    expect(plain(stock.screen)).toMatch(/MUG-BLUE-11OZ\s+Shelf A1\s+1\s+120/);

    const create = await runInTerminal(
      [...profile, 'locations', 'create'],
      env,
      [
        { when: /Display name:/, send: 'Shelf B3\r' },
        { when: /Type:/, send: '\r' },
        { when: /Sort order/, send: 'thirty\r' },
        { when: /order must be a whole number/, send: '\x1530\r' },
      ],
      30_000,
    );
    expect(create.code, create.screen).toBe(0);
    expect(plain(create.screen)).toMatch(/Shelf B3/);
  }, 120_000);

  it('an ephemeral second sandbox writes no profile and does not say "state saved"; a busy port says to use --port 0', async () => {
    const config = () => readFileSync(join(dir, 'config', 'config.json'), 'utf8');
    const before = config();
    const second = startInTerminal(['sandbox', '--port', '0', '--ephemeral'], env);
    await second.waitFor(/Press Ctrl-C to stop/);
    expect(plain(second.screen())).toMatch(/no profile was written/);
    second.type('\x03');
    expect(await second.exited, plain(second.screen())).toBe(0);
    expect(plain(second.screen())).toMatch(/nothing was saved/);
    expect(plain(second.screen())).not.toMatch(/state saved/);
    expect(config()).toBe(before);

    const port = new URL(JSON.parse(before).profiles.sandbox.baseUrl).port;
    // A sandbox that cannot start: no terminal, no second process needed.
    const busy = await runInv(['sandbox', '--port', port, '--ephemeral'], { env });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(new RegExp(`port ${port} is in use`));
    expect(busy.stderr).toMatch(/hint: for a throwaway second sandbox: inv sandbox --port 0 --ephemeral/);
    expect(busy.stderr).not.toMatch(/unexpected/);
  }, 60_000);
});
