/** The shape of the config file and the rules for every key `inv config set` accepts. */
import { z } from 'zod';

export interface ResearchProfile {
  clientId?: string;
  secretKey?: string;
  keyOffset?: number;
  keyIn?: 'header' | 'query';
  merchantId?: string;
  marketplaceId?: string;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
  scope?: string;
}

export interface Profile {
  baseUrl?: string;
  authUrl?: string;
  researchUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  venueId?: number;
  tokens?: StoredTokens;
  research?: ResearchProfile;
}

export interface ConfigFile {
  currentProfile?: string;
  profiles?: Record<string, Profile>;
}

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.example.com' });
const text = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export interface KeySpec {
  schema: z.ZodType;
  secret: boolean;
  description: string;
}

/** Every key settable with `inv config set`, dotted as stored in the profile. */
export const SETTABLE_KEYS: Record<string, KeySpec> = {
  baseUrl: { schema: url, secret: false, description: 'Inventory API base address' },
  authUrl: { schema: url, secret: false, description: 'OAuth server address' },
  researchUrl: { schema: url, secret: false, description: 'Product Research API base address' },
  clientId: { schema: text(200), secret: false, description: 'OAuth client id' },
  clientSecret: { schema: text(500), secret: true, description: 'OAuth client secret' },
  scope: { schema: text(500), secret: false, description: 'OAuth scopes requested by inv login' },
  venueId: { schema: z.coerce.number().int('must be a whole number').positive('must be positive'), secret: false, description: 'marketplace account for macros' },
  'research.clientId': { schema: text(200), secret: false, description: 'research ClientId' },
  'research.secretKey': { schema: text(500), secret: true, description: 'research SecretKey' },
  'research.keyOffset': {
    schema: z.coerce.number().int('must be a whole number of seconds').min(-900, 'must be at least -900').max(14_400, 'must be at most 14400 (4 hours)'),
    secret: false,
    description: 'seconds added to the key timestamp',
  },
  'research.keyIn': { schema: z.enum(['header', 'query'], { error: 'must be header or query' }), secret: false, description: 'where the research key is sent' },
  'research.merchantId': { schema: text(50), secret: false, description: 'merchant id for the legacy lookup' },
  'research.marketplaceId': { schema: text(50), secret: false, description: 'marketplace id for the legacy lookup' },
};

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
