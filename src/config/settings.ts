/** Effective settings of one run: flag > environment > profile (docs/ARCHITECTURE.md, Configuration). */
import { UsageError } from '../errors.js';
import { originOf } from '../http/url.js';
import { storedSecretOrigin } from './secret-origin.js';
import { closest } from '../util/similar.js';
import type { Profile } from './schema.js';
import { DEFAULT_PROFILE, type ConfigStore } from './profile-file.js';

type Env = Record<string, string | undefined>;

export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
  authUrl?: string;
  researchUrl?: string;
}

export interface Settings {
  profile: string;
  /** The stored profile as it is on disk (for writing back). */
  stored: Profile;
  baseUrl?: string;
  authUrl?: string;
  researchUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** The origin a stored client secret was stored for; undefined when given for this call; null: stored with none. */
  clientSecretOrigin?: string | null;
  /** Origins of stored tokens that predate origin binding: the profile's own addresses. */
  legacyTokenOrigins: { api?: string; auth?: string };
  /** INV_TOKEN: an access token to use as is, never stored. */
  envToken?: string;
  venueId?: number;
  /** Other stored profiles, for hints ("inv profile use sandbox"). */
  otherProfiles: string[];
  research: {
    clientId?: string;
    secretKey?: string;
    keyOffset: number;
    keyIn: 'header' | 'query';
    merchantId?: string;
    marketplaceId?: string;
    /** The origin a stored key is bound to; undefined when the key was given for this call; null: stored with none. */
    origin?: string | null;
    /** Where each credential came from, for hints: an environment variable's name or the profile. */
    sources: { clientId: string; secretKey: string };
  };
}

/** The profile name in force: --profile, INV_PROFILE, the stored current profile, or "default". */
export function profileName(flags: SettingFlags, env: Env, store?: ConfigStore): string {
  return flags.profile || env.INV_PROFILE || store?.currentProfileName() || DEFAULT_PROFILE;
}

/** Checks a URL given on the command line or in the environment. */
export function checkUrl(value: string | undefined, source: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${source} "${value}" is not a URL: it must look like http://127.0.0.1:4010`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${source} "${value}" must use http or https`);
  }
  return value.replace(/\/+$/, '');
}

/** A UsageError for a profile name that is not stored: "no profile named X (did you mean sandbox?)". */
export function unknownProfile(name: string, known: readonly string[]): UsageError {
  const guess = closest(name, known);
  return new UsageError(
    `no profile named "${name}"${guess ? ` (did you mean ${guess}?)` : ''}`,
    `${known.length ? `profiles: ${known.join(', ')}; ` : ''}create it with \`inv profile create ${name}\` (or start \`inv sandbox\`)`,
  );
}

/** Throws unknownProfile unless `name` is stored or is the default profile (which exists without being stored). */
export function checkProfileExists(name: string, store: ConfigStore): void {
  if (name !== DEFAULT_PROFILE && !store.hasProfile(name)) throw unknownProfile(name, store.profileNames());
}

/** Resolves every setting from flags, environment and the stored profile; a profile that is not stored is refused. */
export function resolveSettings(flags: SettingFlags, env: Env, store: ConfigStore): Settings {
  const profile = profileName(flags, env, store);
  checkProfileExists(profile, store);
  const stored = store.profile(profile);
  const pick = (flag: string | undefined, flagName: string, envName: string, fromProfile: string | undefined) =>
    checkUrl(flag, flagName) ?? checkUrl(env[envName], envName) ?? fromProfile;
  const baseUrl = pick(flags.baseUrl, '--base-url', 'INV_BASE_URL', stored.baseUrl);
  return {
    profile,
    stored,
    baseUrl,
    // The OAuth server defaults to the Inventory API's own address, wherever that came from.
    authUrl: pick(flags.authUrl, '--auth-url', 'INV_AUTH_URL', stored.authUrl) ?? baseUrl,
    researchUrl: pick(flags.researchUrl, '--research-url', 'INV_RESEARCH_URL', stored.researchUrl),
    clientId: env.INV_CLIENT_ID || stored.clientId,
    clientSecret: env.INV_CLIENT_SECRET || stored.clientSecret,
    clientSecretOrigin: env.INV_CLIENT_SECRET ? undefined : storedSecretOrigin(stored, 'clientSecret'),
    legacyTokenOrigins: { api: originOf(stored.baseUrl), auth: originOf(stored.authUrl ?? stored.baseUrl) },
    envToken: env.INV_TOKEN || undefined,
    venueId: stored.venueId,
    otherProfiles: store.profileNames().filter((name) => name !== profile),
    research: {
      clientId: env.INV_RESEARCH_CLIENT_ID || stored.research?.clientId,
      secretKey: env.INV_RESEARCH_SECRET || stored.research?.secretKey,
      keyOffset: stored.research?.keyOffset ?? 0,
      keyIn: stored.research?.keyIn ?? 'header',
      merchantId: stored.research?.merchantId,
      marketplaceId: stored.research?.marketplaceId,
      origin: env.INV_RESEARCH_SECRET ? undefined : storedSecretOrigin(stored, 'research.secretKey'),
      sources: {
        clientId: env.INV_RESEARCH_CLIENT_ID ? 'INV_RESEARCH_CLIENT_ID' : `profile "${profile}"`,
        secretKey: env.INV_RESEARCH_SECRET ? 'INV_RESEARCH_SECRET' : `profile "${profile}"`,
      },
    },
  };
}
