/** What other processes on the machine can do to inv's files: concurrent profiles, dead locks, umask, secrets on argv. */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { BIN, childEnv, sandboxInfo, spawnInv } from '../helpers/spawn.js';
import { runInTerminal } from '../helpers/terminal.js';

let fx: SandboxFixture;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture();
  const { oauth } = fx.sandbox.credentials;
  env = { ...fx.env, INV_CLIENT_ID: oauth.clientId, INV_CLIENT_SECRET: oauth.clientSecret };
});
afterAll(() => fx.close());

/** inv as separate processes (what this file is about), and in-process where one process alone is at work. */
const inv = (args: string[], extra: Record<string, string | undefined> = {}, input?: string) =>
  spawnInv(args, { env: { ...env, ...extra }, input });
const local = (args: string[], extra: Record<string, string | undefined> = {}, input?: string) =>
  runInv(args, { env: { ...env, ...extra }, stdin: input });
const passwordLogin = (profile: string) =>
  local(
    [
      '--profile',
      profile,
      'login',
      '--password',
      '--username',
      fx.sandbox.credentials.oauth.username,
      '--password-stdin',
    ],
    {},
    fx.sandbox.credentials.oauth.password,
  );
const configFile = () => join(fx.env.INV_CONFIG_DIR, 'config.json');

/** The pid of a process that has exited (node --version: it exits before starting a JavaScript engine). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['--version']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the config file under concurrent processes', () => {
  it('four processes refreshing four profiles at once keep every rotated refresh token', async () => {
    const profiles = ['p1', 'p2', 'p3', 'p4'];
    const origin = new URL(fx.sandbox.baseUrl).origin;
    const seeded = Object.fromEntries(
      profiles.map((p) => {
        const t = fx.sandbox.oauth.issueTokens('inv-cli', '1001', '');
        return [
          p,
          {
            tokens: {
              accessToken: t.access_token,
              refreshToken: t.refresh_token,
              apiOrigin: origin,
              authOrigin: origin,
            },
          },
        ];
      }),
    );
    mkdirSync(fx.env.INV_CONFIG_DIR, { recursive: true, mode: 0o700 });
    writeFileSync(configFile(), JSON.stringify({ profiles: seeded }), { mode: 0o600 });
    // A token lost in a round fails the next round's command of that profile, or, after the last round, the check
    // that each stored refresh token is the one the server holds valid: every round is checked.
    for (let round = 0; round < 3; round++) {
      fx.sandbox.oauth.expireAccessTokens();
      const runs = await Promise.all(profiles.map((p) => inv(['--profile', p, 'whoami', '--json'])));
      for (const r of runs) expect(r.code, `round ${round}: ${r.stderr}`).toBe(0);
    }
    const stored = JSON.parse(readFileSync(configFile(), 'utf8')).profiles;
    for (const p of profiles) expect(fx.sandbox.oauth.refreshTokenValid(stored[p].tokens.refreshToken), p).toBe(true);
  }, 60_000);

  it('a refresh lock left by a killed process is taken over at once', async () => {
    expect((await passwordLogin('default')).code).toBe(0);
    writeFileSync(join(fx.env.INV_CONFIG_DIR, 'tokens-default.lock'), `${await deadPid()}\n`);
    fx.sandbox.oauth.expireAccessTokens();
    const started = Date.now();
    const r = await local(['whoami', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(Date.now() - started, 'no wait for a dead holder').toBeLessThan(10_000);
  }, 30_000);

  it('a config lock left by a killed process is taken over at once', async () => {
    writeFileSync(join(fx.env.INV_CONFIG_DIR, 'config.lock'), `${await deadPid()}\n`);
    const r = await local(['config', 'set', 'scope', 'inventory']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default.scope).toBe('inventory');
  }, 30_000);
});

describe('file modes', () => {
  it('under umask 000, inv sandbox creates its state directories 0700', async () => {
    const state = join(fx.dir, 'umask', 'state', 'deep');
    const child = spawn(
      'sh',
      ['-c', `umask 000; exec "${process.execPath}" "${BIN}" sandbox --port 0 --json --no-save-profile`],
      {
        env: childEnv({ INV_STATE_DIR: state, INV_CONFIG_DIR: join(fx.dir, 'umask', 'config') }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await sandboxInfo(child);
      for (const dir of [state, join(fx.dir, 'umask', 'state')])
        expect((statSync(dir).mode & 0o777).toString(8), dir).toBe('700');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    }
  });
});

describe('secrets never need argv', () => {
  it('inv config set KEY --stdin reads the value from stdin; nothing is echoed', async () => {
    expect((await local(['profile', 'create', 'stdin'])).code).toBe(0);
    const r = await local(
      ['--profile', 'stdin', 'config', 'set', 'clientSecret', '--stdin', '--for', 'https://auth.example.com'],
      {},
      'from-stdin-secret\n',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('from-stdin-secret');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.stdin.clientSecret).toBe('from-stdin-secret');
  });

  it('warns when a secret is given as an argument', async () => {
    const r = await local([
      '--profile',
      'stdin',
      'config',
      'set',
      'research.secretKey',
      'on-the-command-line',
      '--for',
      'https://research.example.com',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: .*(ps|shell history).*--stdin/);
  });

  it('asks for an omitted secret with a masked prompt on a terminal, and needs --stdin in a script (exit 7)', async () => {
    expect((await local(['profile', 'create', 'tty'])).code).toBe(0);
    const { code, screen } = await runInTerminal(
      ['--profile', 'tty', 'config', 'set', 'clientSecret', '--for', 'https://auth.example.com'],
      env,
      [{ when: /clientSecret/, send: 'typed-secret-value\r' }],
    );
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('typed-secret-value');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.tty.clientSecret).toBe('typed-secret-value');
    const script = await local(['config', 'set', 'clientSecret', '--for', 'https://auth.example.com']);
    expect(script.code).toBe(7);
    expect(script.stderr).toMatch(/--stdin/);
  });
});
