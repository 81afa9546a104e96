/** The rule of each settable key's value (zod, so this module is loaded only when a value is checked or listed). */
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { PRINTER_RULE, PRINTER_VALUE } from '../labels/printer-target.js';
import { getPath, type Profile } from './schema.js';
import { SETTABLE_KEYS, settableKey, type SettableKey } from './settable-keys.js';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.example.com' });
const amount = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
const text = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const positiveWhole = () => z.coerce.number().int('must be a whole number').positive('must be positive');

/** What each settable key accepts. */
const RULES: Record<SettableKey, z.ZodType> = {
  baseUrl: url,
  authUrl: url,
  researchUrl: url,
  clientId: text(200),
  clientSecret: text(500),
  scope: text(500),
  venueId: positiveWhole(),
  'research.clientId': text(200),
  'research.secretKey': text(500),
  'research.keyOffset': z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(-900, 'must be at least -900')
    .max(14_400, 'must be at most 14400 (4 hours)'),
  'research.keyIn': z.enum(['header', 'query'], { error: 'must be header or query' }),
  'research.merchantId': text(50),
  'research.marketplaceId': text(50),
  'scout.minRoi': amount(-100, 100_000),
  'scout.minProfit': amount(-1_000_000, 1_000_000),
  'scout.maxRank': positiveWhole(),
  'scout.cost': amount(0, 1_000_000),
  'scout.prep': amount(0, 1000),
  'scout.inboundPerLb': amount(0, 1000),
  'scout.taxRate': amount(0, 100),
  'pack.shipFrom': text(300),
  'labels.printer': z.string().superRefine((value, ctx) => {
    if (!PRINTER_VALUE.test(value.trim())) ctx.addIssue({ code: 'custom', message: `must be ${PRINTER_RULE}` });
  }),
  'scout.overrides': z.string().transform((text, ctx) => {
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
};

export const MASK = '********';

/** Parses a value for a key by its rule; the error names the key and the rule. */
export function parseKeyValue(key: string, value: string): unknown {
  const name = settableKey(key);
  const result = RULES[name].safeParse(value);
  const shown = SETTABLE_KEYS[name].secret ? 'the value' : `"${value}"`;
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
