/** The sandbox's password hashes: scrypt at a cost the sandbox is given, recorded in the hash, bounded when read. */
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../../src/sandbox/oauth/oauth-state.js';
import { startSandbox } from '../../src/sandbox/index.js';

describe('a password hash', () => {
  it('made at a lower cost names that cost, and checks the password', async () => {
    const stored = await hashPassword('correct horse', 1024);
    expect(stored).toMatch(/^scrypt-1024\$[\w-]{22}\$[\w-]{43}$/);
    expect(await passwordMatches('correct horse', stored)).toBe(true);
    expect(await passwordMatches('correct horsf', stored)).toBe(false);
  });

  it('made at the default cost keeps the form data files already hold', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(await passwordMatches('correct horse', stored)).toBe(true);
  });

  it('made at the default cost is scrypt at N=16384, r 8, p 1', async () => {
    const [, salt, hash] = (await hashPassword('correct horse')).split('$');
    const expected = scryptSync('correct horse', Buffer.from(salt!, 'base64url'), 32, { N: 16_384, r: 8, p: 1 });
    expect(hash).toBe(expected.toString('base64url'));
  });

  // Made before hashes named their cost (scrypt N=16384, r 8, p 1): data files hold hashes like it.
  const OLD = 'scrypt$MDEyMzQ1Njc4OWFiY2RlZg$0LupyHkzAIgDr9UDsriAAf87vMbCbcaUfDvFOAHk0D0';

  it('kept in a data file from before checks its password at the default cost, and only that password', async () => {
    expect(await passwordMatches('correct horse', OLD)).toBe(true);
    expect(await passwordMatches('correct horsf', OLD)).toBe(false);
    // The same password at N=1024 under the default's name: read at 16384, it does not match.
    const low = 'scrypt$MDEyMzQ1Njc4OWFiY2RlZg$6g3umF-uVrJsObaTZhIbbTlgrvOEFcCItdwSjtPF67M';
    expect(await passwordMatches('correct horse', low)).toBe(false);
  });

  it('read from a data file that claims a cost above the default, or not a power of two, matches nothing', async () => {
    const [, salt, hash] = (await hashPassword('pw', 1024)).split('$');
    for (const kind of ['scrypt-32768', 'scrypt-16384', 'scrypt-1000', 'scrypt-1', 'scrypt-', 'scrypt-01024', 'bcrypt'])
      expect(await passwordMatches('pw', `${kind}$${salt}$${hash}`), kind).toBe(false);
    expect(await passwordMatches('pw', `scrypt-1024$${salt}$${hash}$`), 'an extra part').toBe(false);
  });

  it('is refused at a cost that is not a power of two from 2 to 16384', async () => {
    for (const cost of [0, 1, 1000, 32_768, 1.5])
      await expect(hashPassword('pw', cost), String(cost)).rejects.toThrow(
        `passwordCost ${cost} is not a power of two from 2 to 16384`,
      );
  });
});

describe('a sandbox given a password cost', () => {
  it('refuses one out of bounds before it listens', async () => {
    await expect(startSandbox({ port: 0, passwordCost: 1000 })).rejects.toThrow(
      'passwordCost 1000 is not a power of two from 2 to 16384',
    );
  });

  it('stores its users at that cost, and the password grant takes their passwords', async () => {
    const sandbox = await startSandbox({ port: 0, passwordCost: 1024 });
    try {
      expect(sandbox.oauth.state.users.every((u) => u.passwordHash.startsWith('scrypt-1024$'))).toBe(true);
      const { clientId, clientSecret, username, password } = sandbox.credentials.oauth;
      const answer = await fetch(`${sandbox.authUrl}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username, password }),
        headers: { authorization: 'Basic ' + Buffer.from(`${clientId}:${clientSecret}`).toString('base64') },
      });
      expect(answer.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
