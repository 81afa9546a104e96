/** Where a profile's secrets are kept on a write (src/config/secret-store.ts), against a keyring kept in a Map. */
import { keyringChildEnv } from '../../src/config/keyring.js';
import { describe, expect, it } from 'vitest';
import { keyringCacheDir } from '../../src/config/keyring-binding.js';
import type { Keyring, KeyringOp } from '../../src/config/keyring.js';
import type { Profile } from '../../src/config/schema.js';
import { SecretStore } from '../../src/config/secret-store.js';

/** A keyring in a Map (or one that never answers), counting its runs. */
function mapKeyring(up = true) {
  const entries = new Map<string, string>();
  const state = { runs: 0 };
  const keyring = {
    get unavailable() {
      return up ? undefined : 'did not answer within 3 s';
    },
    run(ops: KeyringOp[]) {
      if (ops.length === 0) return [];
      state.runs++;
      if (!up) return undefined;
      return ops.map((op) => {
        if (op.op === 'get') return entries.get(op.account) ?? null;
        if (op.op === 'set') return entries.set(op.account, op.value) && true;
        return entries.delete(op.account);
      });
    },
  };
  return { keyring: keyring as unknown as Keyring, entries, state };
}

const FILE = '/home/u/.config/inv/config.json';
const logged: Profile = {
  baseUrl: 'https://api.example.com',
  clientSecret: 'cs',
  clientSecretOrigin: 'https://api.example.com',
  tokens: { accessToken: 'at', refreshToken: 'rt', expiresAt: 5, apiOrigin: 'https://api.example.com' },
};

describe('a write', () => {
  it('puts the secrets written in the keyring and keeps the rest in the file; a read puts them back', () => {
    const { keyring, entries } = mapKeyring();
    const lines: string[] = [];
    const store = new SecretStore(keyring, FILE, (line) => lines.push(line));
    const disk = store.keep('p', {}, logged);
    expect(JSON.stringify(disk)).not.toMatch(/"cs"|"at"|"rt"/);
    expect(disk.tokens).toEqual({ expiresAt: 5, apiOrigin: 'https://api.example.com' });
    expect(Object.keys(disk.keyring!).sort()).toEqual(['clientSecret', 'tokens']);
    expect([...entries.keys()].sort()).toEqual(['p/clientSecret', 'p/tokens']);
    expect(lines).toEqual([]);
    expect(new SecretStore(keyring, FILE, () => undefined).reveal('p', disk)).toEqual({
      ...logged,
      keyring: disk.keyring,
    });
  });

  it('leaves a secret in the file where it is when it is not written, and moves it when it is', () => {
    const { keyring, entries } = mapKeyring();
    const store = new SecretStore(keyring, FILE, () => undefined);
    const unchanged = store.keep('p', logged, { ...logged, venueId: 3 });
    expect(unchanged.clientSecret).toBe('cs');
    expect(unchanged.keyring).toBeUndefined();
    const refreshed = store.keep('p', logged, { ...logged, tokens: { ...logged.tokens!, accessToken: 'at2' } });
    expect(refreshed.clientSecret).toBe('cs');
    expect(refreshed.tokens?.accessToken).toBeUndefined();
    expect([...entries.keys()]).toEqual(['p/tokens']);
  });

  it('removes the entry of a secret removed, and says nothing', () => {
    const { keyring, entries } = mapKeyring();
    const lines: string[] = [];
    const store = new SecretStore(keyring, FILE, (line) => lines.push(line));
    const disk = store.keep('p', {}, logged);
    const revealed = store.reveal('p', disk);
    const { tokens: _t, ...out } = revealed;
    const after = store.keep('p', revealed, out);
    expect(after.keyring).toEqual({ clientSecret: disk.keyring!.clientSecret });
    expect([...entries.keys()]).toEqual(['p/clientSecret']);
    expect(lines).toEqual([]);
  });

  it('without a keyring: the file, said once in the run', () => {
    const { keyring } = mapKeyring(false);
    const lines: string[] = [];
    const store = new SecretStore(keyring, FILE, (line) => lines.push(line));
    expect(store.keep('p', {}, logged)).toEqual(logged);
    store.keep('p', logged, { ...logged, clientSecret: 'cs2' });
    expect(lines).toEqual([
      `no system keyring: token and client secret stored in ${FILE} (readable by this user only) (did not answer within 3 s)`,
    ]);
  });

  it('with --insecure-storage: the file, the entry it replaces removed, said', () => {
    const { keyring, entries } = mapKeyring();
    const lines: string[] = [];
    const store = new SecretStore(keyring, FILE, (line) => lines.push(line));
    const disk = store.keep('p', {}, logged);
    const next = { ...logged, tokens: { ...logged.tokens!, accessToken: 'at2' } };
    const insecure = store.keep('p', store.reveal('p', disk), next, true);
    expect(insecure.tokens?.accessToken).toBe('at2');
    expect(insecure.keyring).toEqual({ clientSecret: disk.keyring!.clientSecret });
    expect([...entries.keys()]).toEqual(['p/clientSecret']);
    expect(lines).toEqual([`token stored in ${FILE} (readable by this user only), as --insecure-storage asks`]);
  });
});

describe('the cache of the binding an executable carries', () => {
  it('is under XDG_CACHE_HOME, else %LOCALAPPDATA% on Windows, else ~/.cache', () => {
    expect(keyringCacheDir({ XDG_CACHE_HOME: '/c' }, 'linux')).toBe('/c/inv/keyring');
    expect(keyringCacheDir({ HOME: '/h' }, 'linux')).toBe('/h/.cache/inv/keyring');
    expect(keyringCacheDir({ LOCALAPPDATA: 'L' }, 'win32')).toMatch(/^L[\\/]inv[\\/]cache[\\/]keyring$/);
  });
});

describe("the keyring child's environment", () => {
  it('holds how to reach the keyring, and no INV_* value: a token or secret in the environment stays in this process', () => {
    const env = keyringChildEnv({
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
      HOME: '/home/ana',
      PATH: '/usr/bin',
      SystemRoot: 'C:\\Windows',
      INV_TOKEN: 'secret-token',
      INV_CLIENT_SECRET: 'secret',
      INV_RESEARCH_SECRET: 'key',
      AWS_SECRET_ACCESS_KEY: 'other',
    });
    expect(env).toEqual({
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
      HOME: '/home/ana',
      PATH: '/usr/bin',
      SystemRoot: 'C:\\Windows',
    });
  });
});

describe('removing secrets the keyring holds, while it does not answer', () => {
  it('a logout and a profile delete are refused, naming why: nothing is forgotten that stays in the keyring', () => {
    const { keyring: up } = mapKeyring();
    const disk = new SecretStore(up, FILE, () => undefined).keep('p', {}, logged);
    const { keyring: down } = mapKeyring(false);
    const store = new SecretStore(down, FILE, () => undefined);
    const { tokens: _t, ...loggedOut } = logged;
    const before = { ...logged, keyring: disk.keyring };
    expect(() => store.keep('p', before, { ...loggedOut, keyring: disk.keyring })).toThrow(
      /the system keyring did not answer within 3 s: the token of profile "p" kept there cannot be removed/,
    );
    expect(() => store.forget('p', disk)).toThrow(/cannot be removed/);
  });
});

describe('a rename whose keyring fails part way', () => {
  it('keeps the secrets under the new name once they are written there; the old entries left are said, not lost', () => {
    const { keyring, entries, state } = mapKeyring();
    const disk = new SecretStore(keyring, FILE, () => undefined).keep('p', {}, logged);
    const run = keyring.run.bind(keyring);
    const lines: string[] = [];
    const store = new SecretStore(keyring, FILE, (line) => lines.push(line));
    // The keyring answers the reads and the writes, then stops answering before the old entries are removed.
    (keyring as { run: typeof run }).run = (ops) => (ops.some((op) => op.op === 'delete') ? undefined : run(ops));
    store.move('p', 'q', disk);
    expect(entries.get('q/tokens')).toBe(entries.get('p/tokens'));
    expect(entries.get('q/clientSecret')).toBeDefined();
    expect(lines.join('\n')).toMatch(/the entries of profile "p" stay in the system keyring/);
    expect(state.runs).toBeGreaterThan(0);
  });
});

describe('pins from an outside mutation pass', () => {
  it('a secret cached before the keyring stopped answering is not used once another process wrote a newer one', () => {
    const { keyring, entries } = mapKeyring();
    const first = new SecretStore(keyring, FILE, () => undefined).keep('p', {}, logged);
    const lines: string[] = [];
    let up = true;
    const flaky = { ...keyring, run: (ops: KeyringOp[]) => (up ? keyring.run(ops) : undefined) } as unknown as Keyring;
    Object.defineProperty(flaky, 'unavailable', { get: () => (up ? undefined : 'did not answer within 3 s') });
    const store = new SecretStore(flaky, FILE, (line) => lines.push(line));
    expect(store.reveal('p', first).tokens?.accessToken).toBe('at');
    // Another process refreshed: a new entry and a new stamp; this run's keyring no longer answers.
    const second = new SecretStore(keyring, FILE, () => undefined).keep(
      'p',
      { ...logged, keyring: first.keyring },
      {
        ...logged,
        tokens: { ...logged.tokens!, accessToken: 'at2' },
      },
    );
    expect(entries.size).toBeGreaterThan(0);
    up = false;
    expect(store.reveal('p', second).tokens?.accessToken).toBeUndefined();
    expect(lines.join('\n')).toMatch(/not available to this run/);
  });

  it('a secret written while no keyring answers drops its stamp: the old entry is not read over the new file value', () => {
    const { keyring } = mapKeyring();
    const first = new SecretStore(keyring, FILE, () => undefined).keep('p', {}, logged);
    const { keyring: down } = mapKeyring(false);
    const next = { ...logged, tokens: { ...logged.tokens!, accessToken: 'at2' } };
    const disk = new SecretStore(down, FILE, () => undefined).keep('p', { ...logged, keyring: first.keyring }, next);
    expect(disk.keyring?.tokens).toBeUndefined();
    expect(disk.tokens?.accessToken).toBe('at2');
  });

  it('a rename is refused while the keyring does not answer', () => {
    const { keyring: up } = mapKeyring();
    const disk = new SecretStore(up, FILE, () => undefined).keep('p', {}, logged);
    const { keyring: down } = mapKeyring(false);
    expect(() => new SecretStore(down, FILE, () => undefined).move('p', 'q', disk)).toThrow(/cannot be moved/);
  });
});
