/**
 * Secrets in the system keyring (issue 42): a Secret Service of its own (gnome-keyring on a private D-Bus session),
 * the 0600 file where there is none, a bus that never answers, and origins bound wherever a secret is kept.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv, type Captured } from '../helpers/io.js';
import { keyringMissing, silentBus, startKeyring, type TestKeyring } from '../helpers/keyring.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { spawnInv } from '../helpers/spawn.js';

const missing = keyringMissing();

/** Every file below `dir` (none when it does not exist). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
    );
  } catch {
    return [];
  }
}

let fx: SandboxFixture;
let other: SandboxFixture;
let keyring: TestKeyring | undefined;
let n = 0;
beforeAll(async () => {
  [fx, other] = await Promise.all([sandboxFixture(), sandboxFixture()]);
  if (!missing) keyring = await startKeyring(fx.dir);
}, 30_000);
afterAll(async () => {
  keyring?.close();
  await Promise.all([fx.close(), other.close()]);
});

/** The config and state directories of the test running, and a runtime directory with no bus in it. */
let dirs: { INV_CONFIG_DIR: string; INV_STATE_DIR: string; XDG_RUNTIME_DIR: string };
function freshDirs(): void {
  const base = join(fx.dir, `t${++n}`);
  dirs = {
    INV_CONFIG_DIR: join(base, 'config'),
    INV_STATE_DIR: join(base, 'state'),
    XDG_RUNTIME_DIR: join(base, 'run'),
  };
  mkdirSync(dirs.XDG_RUNTIME_DIR, { recursive: true, mode: 0o700 });
}
/** Fresh directories for each test of the describe this is called in. */
const freshDirsEach = () => beforeEach(freshDirs);

/**
 * One set of directories, configured and logged in (`flags` to the login) once for the tests of the describe this
 * is called in, which then work on it in their order: each keyring command costs a child process, and the setup
 * would be the same for each. Returns what the login printed, once it ran.
 */
function oneLogin(flags: string[] = []): () => Captured {
  let first: Captured | undefined;
  beforeAll(async () => {
    freshDirs();
    await configure();
    first = await login(keyring!.env, flags);
  });
  return () => first!;
}

const configPath = () => join(dirs.INV_CONFIG_DIR, 'config.json');
const configText = () => readFileSync(configPath(), 'utf8');
const service = () => `inv:${dirs.INV_CONFIG_DIR}`;
const secrets = () => fx.sandbox.credentials;

/** No D-Bus session (and none at the runtime directory's usual place). */
const NO_BUS: Record<string, string> = {};

/** The environment of a run: this test's directories, plus `bus` (a D-Bus session) or none. */
const envOf = (bus: Record<string, string> | undefined) => ({ ...dirs, ...bus });
const inv = (args: string[], bus = keyring?.env as Record<string, string> | undefined, stdin?: string) =>
  runInv(args, { env: envOf(bus), stdin });
const spawned = (args: string[], bus = keyring?.env as Record<string, string> | undefined, input?: string) =>
  spawnInv(args, { env: envOf(bus), input });

/** Stores the sandbox's addresses and OAuth client (its secret from stdin) in the default profile. */
async function configure(bus = keyring?.env as Record<string, string> | undefined, sandbox = fx): Promise<void> {
  for (const [key, value] of Object.entries({
    baseUrl: sandbox.sandbox.baseUrl,
    authUrl: sandbox.sandbox.authUrl,
    researchUrl: sandbox.sandbox.researchUrl,
    clientId: sandbox.sandbox.credentials.oauth.clientId,
  }))
    expect((await inv(['config', 'set', key, value], bus)).code).toBe(0);
  const secret = await inv(
    ['config', 'set', 'clientSecret', '--stdin'],
    bus,
    sandbox.sandbox.credentials.oauth.clientSecret,
  );
  expect(secret.code, secret.stderr).toBe(0);
}

const login = (bus = keyring?.env as Record<string, string> | undefined, extra: string[] = [], run = inv) =>
  run(
    ['login', '--password', '--username', secrets().oauth.username, '--password-stdin', ...extra],
    bus,
    secrets().oauth.password,
  );
const researchLogin = (bus = keyring?.env as Record<string, string> | undefined, extra: string[] = []) =>
  inv(
    ['research', 'login', '--client-id', secrets().research.clientId, '--secret-stdin', ...extra],
    bus,
    secrets().research.secretKey,
  );

/** The access and refresh tokens the sandbox issued last to the CLI's client. */
function tokensIn(text: string): { access?: string; refresh?: string } {
  const access = /"accessToken":\s*"([^"]+)"/.exec(text)?.[1];
  const refresh = /"refreshToken":\s*"([^"]+)"/.exec(text)?.[1];
  return { access, refresh };
}

describe.skipIf(missing)(`with an unlocked Secret Service${missing ? ` (skipped: ${missing})` : ''}`, () => {
  describe('one password login, read by the tests in turn', () => {
    const loggedIn = oneLogin();

    it('a password login and research login leave no secret in any file; secret-tool finds them', async () => {
      const r = loggedIn();
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/no system keyring/);
      expect((await researchLogin()).code).toBe(0);
      const items = keyring!.items(service());
      const tokens = JSON.parse(items['default/tokens'] ?? '{}') as { accessToken?: string; refreshToken?: string };
      expect(tokens.accessToken).toMatch(/\S{16}/);
      expect(tokens.refreshToken).toMatch(/\S{16}/);
      expect(items['default/clientSecret']).toContain(secrets().oauth.clientSecret);
      expect(items['default/research.secretKey']).toContain(secrets().research.secretKey);
      const files = [...filesUnder(dirs.INV_CONFIG_DIR), ...filesUnder(dirs.INV_STATE_DIR)];
      expect(files).toContain(configPath());
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        for (const secret of [
          tokens.accessToken!,
          tokens.refreshToken!,
          secrets().oauth.clientSecret,
          secrets().research.secretKey,
        ])
          expect(text, file).not.toContain(secret);
      }
      // Where each is kept is said, and no secret printed.
      const list = await inv(['config', 'list', '--json']);
      expect(list.stdout).toMatch(/clientSecret.*keyring/);
      expect(list.stdout).not.toContain(secrets().oauth.clientSecret);
      const status = await inv(['auth', 'status', '--json']);
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout).tokensKept).toBe('keyring');
    });

    it('a refresh in one process is what the next reads; inv auth token and a request work from a later process', async () => {
      const before = JSON.parse(keyring!.items(service())['default/tokens']!) as {
        accessToken: string;
        refreshToken: string;
      };
      fx.sandbox.oauth.expireAccessTokens();
      const grants = () => fx.sandbox.oauth.grants.refresh_token ?? 0;
      const refreshes = grants();
      // Two processes at once with an expired token: the refresh lock lets one refresh, the other reads its token.
      const both = await Promise.all([spawned(['whoami']), spawned(['whoami'])]);
      for (const r of both) expect(r.code, r.stderr).toBe(0);
      expect(grants()).toBe(refreshes + 1);
      const after = JSON.parse(keyring!.items(service())['default/tokens']!) as {
        accessToken: string;
        refreshToken: string;
      };
      expect(after.accessToken).not.toBe(before.accessToken);
      expect(fx.sandbox.oauth.refreshTokenValid(after.refreshToken)).toBe(true);
      // Later processes read the refreshed pair from the keyring, and refresh nothing.
      const next = await spawned(['auth', 'token']);
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout.trim()).toBe(after.accessToken);
      const who = await spawned(['whoami', '--json']);
      expect(who.code, who.stderr).toBe(0);
      expect(JSON.parse(who.stdout).email).toBe('demo@example.com');
      expect(grants()).toBe(refreshes + 1);
      expect(configText()).not.toContain(after.accessToken);
    });

    it('the keyring gone: config list still lists its secrets, masked, where they are; a logout is refused, said why', async () => {
      const list = await inv(['config', 'list', '--json'], NO_BUS);
      expect(list.code, list.stderr).toBe(0);
      expect(JSON.parse(list.stdout)).toContainEqual({ key: 'clientSecret', value: '******** (keyring)' });
      const who = await inv(['whoami'], NO_BUS);
      expect(who.code).toBe(4);
      expect(who.stderr).toMatch(
        /the token of profile "default" is in the system keyring, which did not give it to this run/,
      );
      expect(who.stderr).toMatch(/--insecure-storage/);
      const out = await inv(['logout'], NO_BUS);
      expect(out.code).not.toBe(0);
      expect(out.stderr).toMatch(/the system keyring .*: the token of profile "default" kept there cannot be removed/);
      expect((await inv(['auth', 'token'])).code).toBe(0);
    });

    // Last of the describe: it points the profile at another server.
    it('a secret read from the keyring is refused for another origin', async () => {
      // The file is edited to point the profile, and the tokens' recorded origin, at another server.
      const file = JSON.parse(configText());
      const profile = file.profiles.default;
      profile.baseUrl = other.sandbox.baseUrl;
      profile.authUrl = other.sandbox.authUrl;
      profile.tokens.apiOrigin = new URL(other.sandbox.baseUrl).origin;
      profile.tokens.authOrigin = new URL(other.sandbox.authUrl).origin;
      writeFileSync(configPath(), JSON.stringify(file));
      const seen = other.sandbox.inventory.stats.count('/v1/whoami');
      const r = await inv(['whoami']);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/refusing to send the access token of profile "default" to .*: it was issued for/);
      expect(other.sandbox.inventory.stats.count('/v1/whoami')).toBe(seen);
    });
  });

  describe('one login with --insecure-storage, read by the tests in turn', () => {
    const loggedInToFile = oneLogin(['--insecure-storage']);

    it('--insecure-storage: the file, and nothing in the keyring', async () => {
      const r = loggedInToFile();
      expect(r.code, r.stderr).toBe(0);
      expect((await researchLogin(keyring!.env, ['--insecure-storage'])).code).toBe(0);
      const { access, refresh } = tokensIn(configText());
      expect(access).toBeDefined();
      expect(refresh).toBeDefined();
      expect(configText()).toContain(secrets().research.secretKey);
      const items = keyring!.items(service());
      expect(items['default/tokens']).toBeUndefined();
      expect(items['default/research.secretKey']).toBeUndefined();
      const status = await inv(['auth', 'status', '--json']);
      expect(JSON.parse(status.stdout)).toMatchObject({
        tokensKept: `file ${configPath()}`,
        clientSecretKept: 'keyring',
        researchKeyKept: `file ${configPath()}`,
      });
    });

    it('--insecure-storage holds for the writes after it: a refresh keeps the tokens in the file', async () => {
      expect(loggedInToFile().code).toBe(0);
      fx.sandbox.oauth.expireAccessTokens();
      expect((await inv(['whoami'])).code).toBe(0);
      expect(tokensIn(configText()).access).toBeDefined();
      expect(keyring!.items(service())['default/tokens']).toBeUndefined();
      // A login without it chooses the keyring again.
      expect((await login()).code).toBe(0);
      expect(tokensIn(configText())).toEqual({ access: undefined, refresh: undefined });
    });
  });

  describe('a login of their own', () => {
    freshDirsEach();

    it('a secret in the file moves to the keyring at its next write (a refresh), not on a read', async () => {
      // In the file because no keyring answered at the login (a session without D-Bus, or before inv kept any there).
      await configure(NO_BUS);
      expect((await login(NO_BUS)).code).toBe(0);
      const inFile = tokensIn(configText());
      expect((await inv(['whoami'])).code).toBe(0);
      expect(tokensIn(configText())).toEqual(inFile);
      expect(keyring!.items(service())['default/tokens']).toBeUndefined();
      fx.sandbox.oauth.expireAccessTokens();
      expect((await inv(['whoami'])).code).toBe(0);
      expect(tokensIn(configText())).toEqual({ access: undefined, refresh: undefined });
      const moved = JSON.parse(keyring!.items(service())['default/tokens']!) as { accessToken: string };
      expect(moved.accessToken).not.toBe(inFile.access);
      expect(JSON.parse((await inv(['auth', 'status', '--json'])).stdout).tokensKept).toBe('keyring');
    });

    it('logout removes the token entries; profile rename moves the entries, profile delete removes them', async () => {
      await configure();
      expect((await login()).code).toBe(0);
      expect(keyring!.items(service())['default/tokens']).toBeDefined();
      expect((await inv(['logout'])).code).toBe(0);
      expect(keyring!.items(service())['default/tokens']).toBeUndefined();
      expect((await login()).code).toBe(0);
      expect((await inv(['profile', 'create', 'spare'])).code).toBe(0);
      expect((await inv(['profile', 'rename', 'default', 'shop'])).code).toBe(0);
      expect(Object.keys(keyring!.items(service())).sort()).toEqual(['shop/clientSecret', 'shop/tokens']);
      expect((await inv(['--profile', 'shop', 'whoami'])).code).toBe(0);
      expect((await inv(['profile', 'delete', 'shop', '--yes'])).code).toBe(0);
      expect(keyring!.items(service())).toEqual({});
    });

    it('an entry removed from the keyring by hand: not logged in, said; logout then forgets the token', async () => {
      await configure();
      expect((await login()).code).toBe(0);
      const r = spawnSync('secret-tool', ['clear', 'service', service(), 'username', 'default/tokens'], {
        env: { ...process.env, ...keyring!.env },
      });
      expect(r.status).toBe(0);
      const read = await inv(['whoami']);
      expect(read.code).toBe(4);
      expect(read.stderr).toMatch(
        /the system keyring has no token of profile "default" \(is it locked, or was the entry removed\?\)/,
      );
      expect((await inv(['logout'])).code).toBe(0);
      expect(JSON.parse(configText()).profiles.default.keyring).toEqual({ clientSecret: expect.any(String) });
      const again = await inv(['whoami']);
      expect(again.stderr).not.toMatch(/system keyring/);
    });
  });
});

describe.skipIf(missing)(`with a locked keyring${missing ? ` (skipped: ${missing})` : ''}`, () => {
  freshDirsEach();

  it('a keyring that asks for an unlock with no one there: the file, and the message, within 5 s', async () => {
    const locked = await startKeyring(join(fx.dir, `t${n}`));
    try {
      await configure(locked.env);
      expect((await login(locked.env)).code).toBe(0);
      locked.lock();
      // A read asks for the unlock too: dismissed, the run goes on without the keyring's secrets, and says so.
      const read = await inv(['whoami'], locked.env);
      expect(read.code).toBe(4);
      expect(read.stderr).toMatch(/note: the system keyring failed \(.*unlock prompt was dismissed\)/);
      expect(read.stderr).toMatch(
        /the token of profile "default" is in the system keyring, which did not give it to this run/,
      );
      // The client secret is in the locked keyring too: given for this call.
      const started = Date.now();
      const r = await login({ ...locked.env, INV_CLIENT_SECRET: secrets().oauth.clientSecret }, [], spawned);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(r.stderr).toContain(`no system keyring: token stored in ${configPath()} (readable by this user only)`);
      expect(tokensIn(configText()).access).toBeDefined();
    } finally {
      locked.close();
    }
  }, 30_000);
});

describe('without a keyring', () => {
  freshDirsEach();

  it('with no D-Bus session: the file, and the message', async () => {
    await configure(NO_BUS);
    const r = await login(NO_BUS);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`no system keyring: token stored in ${configPath()} (readable by this user only)`);
    expect(r.stderr.match(/no system keyring/g)).toHaveLength(1);
    expect(tokensIn(configText()).access).toBeDefined();
    const status = await inv(['auth', 'status', '--json'], NO_BUS);
    expect(JSON.parse(status.stdout).tokensKept).toBe(`file ${configPath()}`);
  });

  it('a bus that accepts the connection and never answers: the login finishes within 5 s, on the file', async () => {
    const bus = await silentBus(join(fx.dir, `t${n}`));
    try {
      await configure(NO_BUS);
      const started = Date.now();
      const r = await login(bus.env, [], spawned);
      const took = Date.now() - started;
      expect(r.code, r.stderr).toBe(0);
      expect(took).toBeLessThan(5_000);
      expect(r.stderr).toContain(`no system keyring: token stored in ${configPath()} (readable by this user only)`);
      expect(r.stderr).toContain('(readable by this user only) (did not answer within 3 s)');
      expect(tokensIn(configText()).access).toBeDefined();
    } finally {
      bus.close();
    }
  }, 20_000);
});
