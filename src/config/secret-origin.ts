/**
 * Stored secrets carry the origin they were stored for (docs/decisions.md, "Secrets bound to an origin"): the
 * client secret its OAuth origin, the research SecretKey its research origin. Pure functions on a profile.
 */
import { UsageError } from '../errors.js';
import { originOf } from '../http/url.js';
import { getPath, setPath, type Profile } from './schema.js';

type SecretKey = 'clientSecret' | 'research.secretKey';

/** Where each secret records its origin, and the settings that name its server (the first one set wins). */
const SECRETS: Record<SecretKey, { originKey: string; servers: Array<keyof Profile> }> = {
  clientSecret: { originKey: 'clientSecretOrigin', servers: ['authUrl', 'baseUrl'] },
  'research.secretKey': { originKey: 'research.origin', servers: ['researchUrl'] },
};

/** Whether `key` is a secret bound to an origin. */
export function isBoundSecret(key: string): key is SecretKey {
  return key in SECRETS;
}

/** The origin the profile's settings name for a secret now (undefined when none is set). */
function serverOrigin(profile: Profile, key: SecretKey): string | undefined {
  const server = SECRETS[key].servers.find((name) => profile[name] !== undefined);
  return server ? originOf(profile[server] as string) : undefined;
}

/**
 * The origin a stored secret may go to: the one recorded with it; for a profile written before origins were
 * recorded, its server's; null when neither is known (the secret is then sent nowhere).
 */
export function storedSecretOrigin(profile: Profile, key: SecretKey): string | null {
  const recorded = getPath(profile, SECRETS[key].originKey) as string | undefined;
  return recorded ?? serverOrigin(profile, key) ?? null;
}

/**
 * The profile with the secret stored and bound to `forUrl`'s origin, or to the profile's server; refused (exit 2) when
 * neither is known.
 */
export function storeSecret(
  profile: Profile,
  key: SecretKey,
  value: unknown,
  forUrl: string | undefined,
  profileName: string,
): Profile {
  const origin = forUrl ? originOf(forUrl) : serverOrigin(profile, key);
  if (!origin) {
    const setting = SECRETS[key].servers.join(' (or ') + (SECRETS[key].servers.length > 1 ? ')' : '');
    throw new UsageError(
      `config ${key}: profile "${profileName}" names no server to bind the secret to, ` +
        'so it would go wherever a flag or the environment points',
      `set the server first: inv config set ${setting} URL; or say which it is for: inv config set ${key} --stdin --for URL`,
    );
  }
  return setPath(setPath(profile, key, value), SECRETS[key].originKey, origin);
}

/** Before a server setting changes: each stored secret keeps the origin it had (a profile from before origins were recorded). */
export function pinSecretOrigins(profile: Profile): Profile {
  let next = profile;
  for (const key of Object.keys(SECRETS) as SecretKey[]) {
    if (getPath(profile, key) === undefined || getPath(profile, SECRETS[key].originKey) !== undefined) continue;
    const origin = serverOrigin(profile, key);
    if (origin) next = setPath(next, SECRETS[key].originKey, origin);
  }
  return next;
}

/** Stored secrets the profile's servers no longer point at: "clientSecret (stored for https://a)". */
export function strandedSecrets(profile: Profile): string[] {
  return (Object.keys(SECRETS) as SecretKey[]).flatMap((key) => {
    const recorded = getPath(profile, SECRETS[key].originKey) as string | undefined;
    if (getPath(profile, key) === undefined || !recorded) return [];
    const now = serverOrigin(profile, key);
    return now && now !== recorded ? [`${key} (stored for ${recorded})`] : [];
  });
}
