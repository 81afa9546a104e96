/** Profiles without dead ends: unknown names refused with a guess, create/delete/rename, config unset, hints with --profile. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

let fx: SandboxFixture;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture({ seed: 'demo' });
  dir = tempDir('profiles');
  env = { INV_CONFIG_DIR: join(dir, 'config'), INV_STATE_DIR: join(dir, 'state') };
  const { oauth } = fx.sandbox.credentials;
  const created = await runInv(['profile', 'create', 'sandbox'], { env });
  expect(created.code, created.stderr).toBe(0);
  for (const [key, value] of [
    ['baseUrl', fx.sandbox.baseUrl],
    ['clientId', oauth.clientId],
    ['clientSecret', oauth.clientSecret],
    ['researchUrl', fx.sandbox.researchUrl],
  ]) {
    const set = await runInv(['--profile', 'sandbox', 'config', 'set', key!, value!], { env });
    expect(set.code, `config set ${key}: ${set.stderr}`).toBe(0);
  }
});
afterAll(async () => {
  await fx.close();
  removeTempDir(dir);
});

const config = () =>
  JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8')) as {
    currentProfile?: string;
    profiles: Record<string, Record<string, unknown>>;
  };

describe('unknown profiles', () => {
  it('a mistyped --profile is refused with a guess, and nothing is created', async () => {
    const r = await runInv(['--profile', 'sandox', 'whoami'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no profile named "sandox" (did you mean sandbox?)');
    const set = await runInv(['--profile', 'nope', 'config', 'set', 'researchUrl', 'http://127.0.0.1:1'], { env });
    expect(set.code).toBe(2);
    expect(Object.keys(config().profiles)).not.toContain('nope');
    expect((await runInv(['config', 'get', 'baseUrl'], { env: { ...env, INV_PROFILE: 'sandbx' } })).stderr).toMatch(
      /did you mean sandbox\?/,
    );
  });

  it('profile use default works after using another profile', async () => {
    expect((await runInv(['profile', 'use', 'sandbox'], { env })).code).toBe(0);
    expect(config().currentProfile).toBe('sandbox');
    const back = await runInv(['profile', 'use', 'default'], { env });
    expect(back.code, back.stderr).toBe(0);
    expect(config().currentProfile).toBe('default');
  });
});

describe('profile create, rename, delete and config unset', () => {
  it('creates from another without its login, renames, unsets a key and deletes', async () => {
    const made = await runInv(['profile', 'create', 'alice', '--from', 'sandbox'], { env });
    expect(made.code, made.stderr).toBe(0);
    expect(config().profiles.alice).toMatchObject({ baseUrl: fx.sandbox.baseUrl });
    expect(config().profiles.alice!.tokens).toBeUndefined();
    expect((await runInv(['profile', 'create', 'alice'], { env })).code).toBe(2);

    expect((await runInv(['profile', 'use', 'alice'], { env })).code).toBe(0);
    const renamed = await runInv(['profile', 'rename', 'alice', 'bob'], { env });
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(Object.keys(config().profiles)).toEqual(expect.arrayContaining(['bob']));
    expect(Object.keys(config().profiles)).not.toContain('alice');
    expect(config().currentProfile).toBe('bob');

    const unset = await runInv(['--profile', 'bob', 'config', 'unset', 'researchUrl'], { env });
    expect(unset.code, unset.stderr).toBe(0);
    expect(config().profiles.bob!.researchUrl).toBeUndefined();
    expect((await runInv(['config', 'unset', 'nonsense'], { env })).code).toBe(2);

    expect((await runInv(['profile', 'delete', 'bob'], { env })).code).toBe(7);
    const deleted = await runInv(['profile', 'delete', 'bob', '--yes'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(Object.keys(config().profiles)).not.toContain('bob');
    expect(config().currentProfile).toBeUndefined();
  });
});

describe('hints and addresses', () => {
  it('every command a hint names carries the --profile in use', async () => {
    const r = await runInv(['--profile', 'sandbox', 'whoami'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/hint: .*inv --profile sandbox login/);
    expect(r.stderr).not.toMatch(/[^-]inv login/);
  });

  it('the default profile without an address points at the profiles that have one', async () => {
    const r = await runInv(['whoami'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/inv profile use sandbox/);
  });

  it('authUrl falls back to the effective base URL (flag or environment)', async () => {
    const { oauth } = fx.sandbox.credentials;
    const login = await runInv(['login', '--password', '--username', oauth.username, '--password-stdin'], {
      env: {
        ...env,
        INV_BASE_URL: fx.sandbox.baseUrl,
        INV_CLIENT_ID: oauth.clientId,
        INV_CLIENT_SECRET: oauth.clientSecret,
      },
      stdin: oauth.password,
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).not.toMatch(/no OAuth server address/);
  });

  it('research hints name where the key came from', async () => {
    const { research } = fx.sandbox.credentials;
    expect(
      (await runInv(['--profile', 'sandbox', 'config', 'set', 'research.clientId', research.clientId], { env })).code,
    ).toBe(0);
    expect(
      (await runInv(['--profile', 'sandbox', 'config', 'set', 'research.secretKey', 'wrong-secret'], { env })).code,
    ).toBe(0);
    const stored = await runInv(['--profile', 'sandbox', 'fees', 'B00X4WHP5E', '--price', '10'], { env });
    expect(stored.code).toBe(4);
    expect(stored.stderr).toMatch(/the SecretKey from profile "sandbox".*inv --profile sandbox research login/);
    const fromEnv = await runInv(['--profile', 'sandbox', 'fees', 'B00X4WHP5E', '--price', '10'], {
      env: { ...env, INV_RESEARCH_SECRET: 'also-wrong' },
    });
    expect(fromEnv.stderr).toMatch(/the SecretKey from INV_RESEARCH_SECRET/);
    expect(existsSync(join(dir, 'config', 'config.json'))).toBe(true);
  });
});
