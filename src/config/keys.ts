/** The keys `inv config set` accepts, their rules (zod, so this module is loaded only by config commands), secrets masked. */
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { getPath, type Profile } from './schema.js';

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


export const MASK = '********';

/** The spec of a settable key, or a UsageError listing the valid keys. */
export function keySpec(key: string): KeySpec {
  const spec = SETTABLE_KEYS[key];
  if (!spec) throw new UsageError(`unknown config key "${key}"; valid keys: ${Object.keys(SETTABLE_KEYS).join(', ')}`);
  return spec;
}

/** Parses a value for a key by its rule; the error names the key and the rule. */
export function parseKeyValue(key: string, value: string): unknown {
  const result = keySpec(key).schema.safeParse(value);
  if (!result.success) throw new UsageError(`config ${key}: "${value}" ${result.error.issues[0]?.message ?? 'is not valid'}`);
  return result.data;
}

/** Every set key of a profile with its value, secrets masked. */
export function listKeys(profile: Profile): Array<{ key: string; value: string }> {
  return Object.entries(SETTABLE_KEYS).flatMap(([key, spec]) => {
    const value = getPath(profile, key);
    if (value === undefined || value === null) return [];
    return [{ key, value: spec.secret ? MASK : String(value) }];
  });
}
