/** The keys `inv config set` accepts, whether each is a secret, and what it is; no zod, so a command's parse can check a key. */
import { UsageError } from '../errors.js';

interface KeyInfo {
  secret: boolean;
  description: string;
}

/** Every key settable with `inv config set`, dotted as stored in the profile (their rules are in keys.ts). */
export const SETTABLE_KEYS = {
  baseUrl: { secret: false, description: 'Inventory API base address' },
  authUrl: { secret: false, description: 'OAuth server address' },
  researchUrl: { secret: false, description: 'Product Research API base address' },
  clientId: { secret: false, description: 'OAuth client id' },
  clientSecret: { secret: true, description: 'OAuth client secret' },
  scope: { secret: false, description: 'OAuth scopes requested by inv login' },
  venueId: { secret: false, description: 'marketplace account for macros' },
  'research.clientId': { secret: false, description: 'research ClientId' },
  'research.secretKey': { secret: true, description: 'research SecretKey' },
  'research.keyOffset': { secret: false, description: 'seconds added to the key timestamp' },
  'research.keyIn': { secret: false, description: 'where the research key is sent' },
  'research.merchantId': { secret: false, description: 'merchant id for the legacy lookup' },
  'research.marketplaceId': { secret: false, description: 'marketplace id for the legacy lookup' },
  'scout.minRoi': { secret: false, description: 'scout: least ROI for "buy", percent' },
  'scout.minProfit': { secret: false, description: 'scout: least profit per unit for "buy", dollars' },
  'scout.maxRank': { secret: false, description: 'scout: worst sales rank for "buy"' },
  'scout.cost': { secret: false, description: 'scout: cost of a scan that gives none, dollars' },
  'scout.prep': { secret: false, description: 'scout: prep per unit, dollars' },
  'scout.inboundPerLb': { secret: false, description: 'scout: inbound shipping per pound, dollars' },
  'scout.taxRate': { secret: false, description: 'scout: sales tax on the cost, percent' },
  'pack.shipFrom': { secret: false, description: 'pack: ship-from address on carton labels, lines separated by "|"' },
  'labels.printer': {
    secret: false,
    description: 'labels: what --printer alone prints to (tcp://HOST:9100 or a CUPS name)',
  },
  'scout.overrides': { secret: false, description: 'scout: rules per category (JSON)' },
} as const satisfies Record<string, KeyInfo>;

export type SettableKey = keyof typeof SETTABLE_KEYS;

/** `key` if `inv config set` accepts it, or a UsageError listing the valid keys. */
export function settableKey(key: string): SettableKey {
  if (!Object.hasOwn(SETTABLE_KEYS, key))
    throw new UsageError(`unknown config key "${key}"; valid keys: ${Object.keys(SETTABLE_KEYS).join(', ')}`);
  return key as SettableKey;
}
