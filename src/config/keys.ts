/** The keys `inv config set` accepts, their rules (zod, so this module is loaded only by config commands), secrets masked. */
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { getPath, type Profile } from './schema.js';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.example.com' });
const amount = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
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
  venueId: {
    schema: z.coerce.number().int('must be a whole number').positive('must be positive'),
    secret: false,
    description: 'marketplace account for macros',
  },
  'research.clientId': { schema: text(200), secret: false, description: 'research ClientId' },
  'research.secretKey': { schema: text(500), secret: true, description: 'research SecretKey' },
  'research.keyOffset': {
    schema: z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(-900, 'must be at least -900')
      .max(14_400, 'must be at most 14400 (4 hours)'),
    secret: false,
    description: 'seconds added to the key timestamp',
  },
  'research.keyIn': {
    schema: z.enum(['header', 'query'], { error: 'must be header or query' }),
    secret: false,
    description: 'where the research key is sent',
  },
  'research.merchantId': { schema: text(50), secret: false, description: 'merchant id for the legacy lookup' },
  'research.marketplaceId': { schema: text(50), secret: false, description: 'marketplace id for the legacy lookup' },
  'scout.minRoi': { schema: amount(-100, 100_000), secret: false, description: 'scout: least ROI for "buy", percent' },
  'scout.minProfit': {
    schema: amount(-1_000_000, 1_000_000),
    secret: false,
    description: 'scout: least profit per unit for "buy", dollars',
  },
  'scout.maxRank': {
    schema: z.coerce.number().int('must be a whole number').positive('must be positive'),
    secret: false,
    description: 'scout: worst sales rank for "buy"',
  },
  'scout.cost': {
    schema: amount(0, 1_000_000),
    secret: false,
    description: 'scout: cost of a scan that gives none, dollars',
  },
  'scout.prep': { schema: amount(0, 1000), secret: false, description: 'scout: prep per unit, dollars' },
  'scout.inboundPerLb': {
    schema: amount(0, 1000),
    secret: false,
    description: 'scout: inbound shipping per pound, dollars',
  },
  'scout.taxRate': { schema: amount(0, 100), secret: false, description: 'scout: sales tax on the cost, percent' },
  'pack.shipFrom': {
    schema: text(300),
    secret: false,
    description: 'pack: ship-from address on carton labels, lines separated by "|"',
  },
  'scout.overrides': {
    schema: z.string().transform((text, ctx) => {
      try {
        const value = JSON.parse(text) as unknown;
        if (value && typeof value === 'object' && !Array.isArray(value)) return value;
      } catch {
        // reported below
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of category names to rules, e.g. {"Books":{"maxRank":1000000}}',
      });
      return z.NEVER;
    }),
    secret: false,
    description: 'scout: rules per category (JSON)',
  },
};

export const MASK = '********';

/** What a settable key is and accepts, or a UsageError listing the valid keys. */
export function keySpec(key: string): KeySpec {
  const spec = SETTABLE_KEYS[key];
  if (!spec) throw new UsageError(`unknown config key "${key}"; valid keys: ${Object.keys(SETTABLE_KEYS).join(', ')}`);
  return spec;
}

/** Parses a value for a key by its rule; the error names the key and the rule. */
export function parseKeyValue(key: string, value: string): unknown {
  const spec = keySpec(key);
  const result = spec.schema.safeParse(value);
  const shown = spec.secret ? 'the value' : `"${value}"`;
  if (!result.success)
    throw new UsageError(`config ${key}: ${shown} ${result.error.issues[0]?.message ?? 'is not valid'}`);
  return result.data;
}

/** Every set key of a profile with its value, secrets masked. */
export function listKeys(profile: Profile): Array<{ key: string; value: string }> {
  return Object.entries(SETTABLE_KEYS).flatMap(([key, spec]) => {
    const value = getPath(profile, key);
    if (value === undefined || value === null) return [];
    return [{ key, value: spec.secret ? MASK : typeof value === 'object' ? JSON.stringify(value) : String(value) }];
  });
}
