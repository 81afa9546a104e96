/** The secrets of a profile as keyring entries (src/config/secret-entries.ts). */
import { describe, expect, it } from 'vitest';
import { entryOf, SECRET_NAMES, hasSecret, withoutSecret, withSecret } from '../../src/config/secret-entries.js';
import type { Profile } from '../../src/config/schema.js';
import { keyringService } from '../../src/config/profile-file.js';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp.js';

const profile: Profile = {
  baseUrl: 'https://api.example.com',
  clientId: 'cli',
  clientSecret: 'client-secret',
  clientSecretOrigin: 'https://auth.example.com',
  tokens: {
    accessToken: 'access',
    refreshToken: 'refresh',
    expiresAt: 1_700_000_000_000,
    scope: 'inventory',
    apiOrigin: 'https://api.example.com',
    authOrigin: 'https://auth.example.com',
  },
  research: { clientId: 'rid', secretKey: 'research-secret', origin: 'https://research.example.com', keyOffset: 2 },
};

describe('keyring entries of a profile', () => {
  it('take every secret out of what the file keeps, and put each back as it was', () => {
    let disk = profile;
    const entries = SECRET_NAMES.map((name) => [name, entryOf(profile, name)!] as const);
    for (const [name] of entries) disk = withoutSecret(disk, name);
    const text = JSON.stringify(disk);
    for (const secret of ['client-secret', '"access"', '"refresh"', 'research-secret'])
      expect(text).not.toContain(secret);
    expect(disk.tokens).toEqual({
      expiresAt: 1_700_000_000_000,
      scope: 'inventory',
      apiOrigin: 'https://api.example.com',
      authOrigin: 'https://auth.example.com',
    });
    expect(disk.research).toEqual({ clientId: 'rid', origin: 'https://research.example.com', keyOffset: 2 });
    for (const [name, entry] of entries) disk = withSecret(disk, name, entry);
    expect(disk).toEqual(profile);
  });

  it('carry the origins they were stored for, which win over what the file says now', () => {
    const entry = entryOf(profile, 'tokens')!;
    const edited: Profile = {
      ...withoutSecret(profile, 'tokens'),
      tokens: { ...withoutSecret(profile, 'tokens').tokens!, apiOrigin: 'https://evil.example' },
    };
    expect(withSecret(edited, 'tokens', entry).tokens?.apiOrigin).toBe('https://api.example.com');
    const secret = entryOf(profile, 'clientSecret')!;
    expect(withSecret({ clientSecretOrigin: 'https://evil.example' }, 'clientSecret', secret).clientSecretOrigin).toBe(
      'https://auth.example.com',
    );
    const key = entryOf(profile, 'research.secretKey')!;
    expect(
      withSecret({ research: { origin: 'https://evil.example' } }, 'research.secretKey', key).research?.origin,
    ).toBe('https://research.example.com');
  });

  it('are absent for a profile without the secret; tokens whose token is unread are still tokens (a logout forgets them)', () => {
    for (const name of SECRET_NAMES) {
      expect(entryOf({ baseUrl: 'https://a' }, name)).toBeUndefined();
      expect(hasSecret({ baseUrl: 'https://a' }, name)).toBe(false);
    }
    const unread = withoutSecret(profile, 'tokens');
    expect(entryOf(unread, 'tokens')).toBeUndefined();
    expect(hasSecret(unread, 'tokens')).toBe(true);
  });
});

describe('entries from an outside review', () => {
  it("carry their origin even when the file names none yet (a sandbox's saved profile): the server's at the write", () => {
    const unbound: Profile = { baseUrl: 'http://127.0.0.1:4010/', clientSecret: 's', research: { secretKey: 'k' } };
    unbound.researchUrl = 'http://127.0.0.1:4011';
    expect(JSON.parse(entryOf(unbound, 'clientSecret')!)).toEqual({ secret: 's', origin: 'http://127.0.0.1:4010' });
    expect(JSON.parse(entryOf(unbound, 'research.secretKey')!)).toEqual({
      secret: 'k',
      origin: 'http://127.0.0.1:4011',
    });
  });

  it('an entry that is not one of ours is no secret, and its text is never in the message', () => {
    for (const name of SECRET_NAMES) {
      const read = () => withSecret(profile, name, 'Atza|SECRET-TOKEN-TEXT');
      expect(read).toThrow(/keyring entry .* is not one inv wrote/);
      expect(read).not.toThrow(/SECRET-TOKEN-TEXT|Atza/);
    }
  });
});

describe("a config directory's keyring service", () => {
  it('is its real absolute path: one directory named two ways is one service, two directories never one', () => {
    const dir = tempDir('inv-service-');
    const here = process.cwd();
    try {
      process.chdir(dir);
      mkdirSync('cfg');
      expect(keyringService('cfg')).toBe(keyringService(join(realpathSync(dir), 'cfg/')));
      mkdirSync('b/cfg', { recursive: true });
      process.chdir('b');
      expect(keyringService('cfg')).not.toBe(keyringService(join(dir, 'cfg')));
    } finally {
      process.chdir(here);
    }
  });
});

describe("a token entry's origins", () => {
  it('win over the file: the refresh token goes to the authorization server it was issued by, whatever the file says', () => {
    const edited: Profile = {
      ...profile,
      tokens: { ...profile.tokens!, authOrigin: 'https://evil.example', apiOrigin: 'https://evil.example' },
    };
    const back = withSecret(withoutSecret(edited, 'tokens'), 'tokens', entryOf(profile, 'tokens')!);
    expect(back.tokens).toMatchObject({ authOrigin: 'https://auth.example.com', apiOrigin: 'https://api.example.com' });
  });
});
