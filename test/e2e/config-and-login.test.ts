/** research login, config and profiles, driven in-process through main(argv, io). */
import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

/** Each test has its own config dir and the research URL only: credentials must come from the stored profile. */
let env: Record<string, string>;
beforeEach(() => {
  env = {
    INV_CONFIG_DIR: join(mkdtempSync(join(fx.dir, 'test-')), 'config'),
    INV_RESEARCH_URL: fx.env.INV_RESEARCH_URL,
  };
});

const configFile = () => join(env.INV_CONFIG_DIR!, 'config.json');

/** Stores the sandbox's research key in the default profile, as `inv research login` does. */
async function researchLogin(): Promise<void> {
  const { clientId, secretKey } = fx.sandbox.credentials.research;
  const r = await runInv(['research', 'login', '--client-id', clientId, '--secret-stdin'], {
    env,
    stdin: secretKey + '\n',
  });
  expect(r.code).toBe(0);
}

describe('inv research login', () => {
  it('rejects a wrong secret with exit 4 and stores nothing', async () => {
    const { clientId } = fx.sandbox.credentials.research;
    const r = await runInv(['research', 'login', '--client-id', clientId, '--secret-stdin'], { env, stdin: 'wrong\n' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /the ClientId \(".+"\) came from --client-id and the SecretKey from stdin \(--secret-stdin\)/,
    );
    const stored = await runInv(['config', 'get', 'research.clientId'], { env });
    expect(stored.stdout).toBe('');
  });

  it('checks and stores the key from stdin; later commands use it', async () => {
    const { clientId, secretKey } = fx.sandbox.credentials.research;
    const r = await runInv(['research', 'login', '--client-id', clientId, '--secret-stdin'], {
      env,
      stdin: secretKey + '\n',
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/saved to profile "default" \(verified\)/);
    expect(r.stdout + r.stderr).not.toContain(secretKey);
    const fees = await runInv(['fees', 'B00X4WHP5E', '--price', '9.99'], { env });
    expect(fees.code).toBe(0);
    expect(JSON.parse(fees.stdout)[0].asin).toBe('B00X4WHP5E');
  });

  it('keeps the config file 0600 in a 0700 directory, the secret nowhere else', async () => {
    await researchLogin();
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(env.INV_CONFIG_DIR!).mode & 0o777).toBe(0o700);
    expect(readFileSync(configFile(), 'utf8')).toContain(fx.sandbox.credentials.research.secretKey);
  });

  it('makes a config directory that was 0755 before 0700', async () => {
    mkdirSync(env.INV_CONFIG_DIR!, { recursive: true, mode: 0o755 });
    expect(statSync(env.INV_CONFIG_DIR!).mode & 0o777).toBe(0o755);
    await researchLogin();
    expect(statSync(env.INV_CONFIG_DIR!).mode & 0o777).toBe(0o700);
  });

  it('needs the ClientId flag in a script (exit 7)', async () => {
    const r = await runInv(['research', 'login', '--secret-stdin'], { env, stdin: 'x' });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/pass --client-id/);
  });

  it('needs --secret-stdin in a script (exit 7)', async () => {
    const r = await runInv(['research', 'login', '--client-id', 'x'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/pass --secret-stdin/);
  });
});

describe('inv config', () => {
  it('sets, gets and lists values, masking secrets', async () => {
    await researchLogin();
    expect((await runInv(['config', 'set', 'research.keyIn', 'query'], { env })).code).toBe(0);
    expect((await runInv(['config', 'get', 'research.keyIn'], { env })).stdout).toBe('query\n');
    const secret = await runInv(['config', 'get', 'research.secretKey'], { env });
    expect(secret.stdout).toBe('');
    expect(secret.stderr).toMatch(/never printed/);
    const list = await runInv(['config', 'list'], { env });
    const rows = JSON.parse(list.stdout) as Array<{ key: string; value: string }>;
    expect(rows).toContainEqual({ key: 'research.keyIn', value: 'query' });
    // Where the secret is kept is said: here, with no keyring, the file.
    expect(rows).toContainEqual({ key: 'research.secretKey', value: `******** (file ${configFile()})` });
    expect(list.stdout).not.toContain(fx.sandbox.credentials.research.secretKey);
  });

  it('sends the key as ?key= once research.keyIn is query', async () => {
    await researchLogin();
    expect((await runInv(['config', 'set', 'research.keyIn', 'query'], { env })).code).toBe(0);
    const before = fx.sandbox.research.stats.count('/v1/fees');
    const r = await runInv(['fees', 'B00X4WHP5E', '--price', '5', '--verbose'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/key=\[redacted\]/);
    expect(fx.sandbox.research.stats.count('/v1/fees')).toBe(before + 1);
  });

  it.each([
    [['config', 'set', 'baseUrl', 'ftp://x'], /config baseUrl: "ftp:\/\/x" must be an http\(s\) URL/],
    [['config', 'set', 'nope', '1'], /unknown config key "nope"; valid keys: baseUrl/],
    [['config', 'get', 'nope'], /unknown config key/],
  ])('rejects %j with exit 2', async (args, message) => {
    await researchLogin();
    const before = readFileSync(configFile(), 'utf8');
    const r = await runInv(args as string[], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
  });

  it('prints the config path', async () => {
    expect((await runInv(['config', 'path'], { env })).stdout).toBe(configFile() + '\n');
  });
});

describe('profiles', () => {
  it('lists profiles and switches the current one; flag > env > profile', async () => {
    await researchLogin();
    await runInv(['config', 'set', 'research.keyIn', 'query'], { env });
    expect(
      (await runInv(['profile', 'create', 'warehouse'], { env: { INV_CONFIG_DIR: env.INV_CONFIG_DIR! } })).code,
    ).toBe(0);
    await runInv(['--profile', 'warehouse', 'config', 'set', 'researchUrl', 'http://127.0.0.1:1'], {
      env: { INV_CONFIG_DIR: env.INV_CONFIG_DIR! },
    });
    const list = JSON.parse((await runInv(['profile', 'list'], { env })).stdout);
    expect(list.map((p: { name: string }) => p.name).sort()).toEqual(['default', 'warehouse']);
    expect(list.find((p: { current: boolean }) => p.current).name).toBe('default');

    expect((await runInv(['profile', 'use', 'warehouse'], { env })).code).toBe(0);
    expect((await runInv(['config', 'get', 'researchUrl'], { env })).stdout).toBe('http://127.0.0.1:1\n');
    expect((await runInv(['--profile', 'default', 'config', 'get', 'research.keyIn'], { env })).stdout).toBe('query\n');
    expect((await runInv(['config', 'get', 'researchUrl'], { env: { ...env, INV_PROFILE: 'default' } })).stdout).toBe(
      '',
    );

    const missing = await runInv(['profile', 'use', 'nope'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no profile named "nope"/);
    await runInv(['profile', 'use', 'default'], { env });
  });

  it('a --research-url flag beats INV_RESEARCH_URL (and the stored key is not sent there)', async () => {
    await researchLogin();
    const r = await runInv(['fees', 'B00X4WHP5E', '--price', '5', '--research-url', 'http://127.0.0.1:1'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('refusing to send the research key of profile "default" to http://127.0.0.1:1');
  });
});

describe('help and version', () => {
  it('prints the version and help, exit 0', async () => {
    const version = await runInv(['--version']);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await runInv(['fees', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--price <prices>/);
    expect(help.stdout).toMatch(/Examples:/);
  });

  it('an unknown command or option is a usage error (exit 2)', async () => {
    expect((await runInv(['fess'])).code).toBe(2);
    const r = await runInv(['fees', 'B00X4WHP5E', '--prise', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--prise'/);
    expect(r.stderr).not.toMatch(/goes after --/);
  });

  it('a value that begins with "-" read as an option is answered with how to pass it', async () => {
    const r = await runInv(['config', 'set', 'clientSecret', '-Zq8_secret']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option/);
    expect(r.stderr).toMatch(/hint: a value that begins with "-" goes after --: inv config set clientSecret -- VALUE/);
    expect((await runInv(['items', 'list', '-z'])).stderr).not.toMatch(/goes after --/);
  });
});
