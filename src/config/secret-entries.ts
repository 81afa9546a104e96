/**
 * The secrets of a profile as keyring entries: what an entry holds (the secret with the origins it is bound to), a
 * profile without a secret (what the file keeps when the keyring holds it), and a profile with it put back. Pure.
 */
import { InvError } from '../errors.js';
import type { Profile, StoredTokens } from './schema.js';
import { storedSecretOrigin } from './secret-origin.js';

/** The secrets kept apart from config.json when a keyring answers: the tokens (one entry), the client secret, the research key. */
export type SecretName = keyof NonNullable<Profile['keyring']>;

export const SECRET_NAMES: readonly SecretName[] = ['tokens', 'clientSecret', 'research.secretKey'];

/** What each secret is called in messages ("no system keyring: token stored in …"). */
export const SECRET_WORDS: Record<SecretName, string> = {
  tokens: 'token',
  clientSecret: 'client secret',
  'research.secretKey': 'research SecretKey',
};

interface TokensEntry {
  accessToken: string;
  refreshToken?: string;
  apiOrigin?: string;
  authOrigin?: string;
}

interface SecretEntry {
  secret: string;
  origin?: string;
}

/** The keyring entry of secret `name` of `profile` (JSON), or undefined when the profile has no such secret. */
export function entryOf(profile: Profile, name: SecretName): string | undefined {
  if (name === 'tokens') {
    const t = profile.tokens;
    if (!t?.accessToken) return undefined;
    const entry: TokensEntry = {
      accessToken: t.accessToken,
      refreshToken: t.refreshToken,
      apiOrigin: t.apiOrigin,
      authOrigin: t.authOrigin,
    };
    return JSON.stringify(entry);
  }
  const secret = name === 'clientSecret' ? profile.clientSecret : profile.research?.secretKey;
  // Every entry names the origin it may go to: the one recorded, else its server's now (a sandbox's saved profile).
  const origin = storedSecretOrigin(profile, name) ?? undefined;
  return secret === undefined ? undefined : JSON.stringify({ secret, origin } satisfies SecretEntry);
}

/** `profile` without secret `name`: what config.json keeps (a token's expiry, scope and origins stay). */
export function withoutSecret(profile: Profile, name: SecretName): Profile {
  if (name === 'tokens') {
    if (!profile.tokens) return profile;
    const { accessToken: _a, refreshToken: _r, ...rest } = profile.tokens;
    return { ...profile, tokens: rest as StoredTokens };
  }
  if (name === 'clientSecret') {
    const { clientSecret: _s, ...rest } = profile;
    return rest;
  }
  if (!profile.research) return profile;
  const { secretKey: _k, ...research } = profile.research;
  return { ...profile, research };
}

/**
 * `profile` with secret `name` put back from its entry. The origins the entry carries win over the file's: a secret
 * read from the keyring goes only where it was stored for, whatever the file says now.
 */
export function withSecret(profile: Profile, name: SecretName, entry: string): Profile {
  if (name === 'tokens') {
    const e = parsed<TokensEntry>(entry, name, (v) => typeof v.accessToken === 'string');
    const tokens = { ...profile.tokens, accessToken: e.accessToken, refreshToken: e.refreshToken };
    if (e.apiOrigin) tokens.apiOrigin = e.apiOrigin;
    if (e.authOrigin) tokens.authOrigin = e.authOrigin;
    if (tokens.refreshToken === undefined) delete tokens.refreshToken;
    return { ...profile, tokens };
  }
  const e = parsed<SecretEntry>(entry, name, (v) => typeof v.secret === 'string');
  if (name === 'clientSecret')
    return { ...profile, clientSecret: e.secret, clientSecretOrigin: e.origin ?? profile.clientSecretOrigin };
  const research = { ...profile.research, secretKey: e.secret, origin: e.origin ?? profile.research?.origin };
  return { ...profile, research };
}

/** An entry read back, checked to be one inv wrote; never quoted in the error (it may hold a secret). */
function parsed<T>(entry: string, name: SecretName, ok: (value: Record<string, unknown>) => boolean): T {
  let value: unknown;
  try {
    value = JSON.parse(entry);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || !ok(value as Record<string, unknown>))
    throw new InvError(
      `the keyring entry of the ${SECRET_WORDS[name]} is not one inv wrote`,
      "remove the profile's secrets (inv logout) and log in again",
    );
  return value as T;
}

/** Whether `profile` has secret `name`, or what is left of it (a token's expiry and origins, its token unread). */
export function hasSecret(profile: Profile, name: SecretName): boolean {
  return name === 'tokens' ? profile.tokens !== undefined : entryOf(profile, name) !== undefined;
}
