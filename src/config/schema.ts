/** The shape of the config file, and reading and writing dotted keys of a profile (no validation here: see keys.ts). */

export interface ResearchProfile {
  clientId?: string;
  secretKey?: string;
  keyOffset?: number;
  keyIn?: 'header' | 'query';
  merchantId?: string;
  marketplaceId?: string;
  /** The research origin the key was stored for; it is sent nowhere else. */
  origin?: string;
  /** The research server's clock minus ours, measured on a 401 and kept for a day. */
  clockSkew?: { seconds: number; measuredAt: number };
}

export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
  scope?: string;
  /** The inventory API origin the tokens were issued for: the access token goes nowhere else. */
  apiOrigin?: string;
  /** The authorization server's origin: the refresh token goes nowhere else. */
  authOrigin?: string;
}

/** Scouting settings: verdict rules and the costs around an item. */
export interface ScoutProfile {
  minRoi?: number;
  minProfit?: number;
  maxRank?: number;
  cost?: number;
  prep?: number;
  inboundPerLb?: number;
  taxRate?: number;
  /** Rules per category name, over the general ones, e.g. {"Books": {"maxRank": 1000000}}. */
  overrides?: Record<string, { minRoi?: number; minProfit?: number; maxRank?: number }>;
}

/** Packing settings: the ship-from address printed on carton labels. */
export interface PackProfile {
  /** Address lines separated by "|". */
  shipFrom?: string;
}

/** Label settings: the printer `--printer` alone prints to. */
export interface LabelsProfile {
  printer?: string;
}

export interface Profile {
  baseUrl?: string;
  authUrl?: string;
  researchUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** The OAuth origin the client secret was stored for; it is sent nowhere else. */
  clientSecretOrigin?: string;
  scope?: string;
  venueId?: number;
  tokens?: StoredTokens;
  research?: ResearchProfile;
  scout?: ScoutProfile;
  pack?: PackProfile;
  labels?: LabelsProfile;
  /**
   * The secrets the system keyring holds (docs/decisions.md, "Secrets in the system keyring"), each with the stamp of
   * its last write: the tokens (access and refresh, one entry), the client secret, the research SecretKey.
   */
  keyring?: Partial<Record<'tokens' | 'clientSecret' | 'research.secretKey', string>>;
  /** The last login or research login asked for --insecure-storage: secrets written (a refresh too) stay in the file. */
  insecureStorage?: boolean;
}

export interface ConfigFile {
  currentProfile?: string;
  profiles?: Record<string, Profile>;
}

/** Reads a dotted key of a profile. */
export function getPath(profile: Profile, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], profile);
}

/** Returns a copy of the profile with a dotted key set (or removed when value is undefined). */
export function setPath(profile: Profile, key: string, value: unknown): Profile {
  const copy = structuredClone(profile) as Record<string, unknown>;
  const parts = key.split('.');
  let node = copy;
  for (const part of parts.slice(0, -1)) {
    node[part] = { ...(node[part] as Record<string, unknown> | undefined) };
    node = node[part] as Record<string, unknown>;
  }
  const last = parts.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as Profile;
}
