/** Which selling price a scan is judged at, read off an offers answer, with the field it came from. Pure functions. */
import type { OffersResponse } from '../api/research-types.js';
import { asList } from '../api/xml.js';

/** The named price rules of --at (a price may be given instead). */
export const PRICE_RULES = ['buybox', 'lowest-fba', 'lowest'] as const;
export type PriceRule = (typeof PRICE_RULES)[number] | { fixed: number };

export interface ChosenPrice {
  price: number;
  /** The API field or flag the price came from, e.g. "extras.newBuybox". */
  source: string;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/** The lowest landed price of the new FBA offers. */
function lowestFba(offers: OffersResponse): number | null {
  const landed = asList<{ priceLanded?: unknown }>(offers.offers?.fbaNew)
    .map((o) => num(o.priceLanded))
    .filter((p): p is number => p !== null);
  return landed.length ? Math.min(...landed) : null;
}

/**
 * The price by `rule`: "buybox" is the new buy box, else the lowest FBA new landed price; "lowest-fba"
 * that price alone; "lowest" the lowest new landed price of any channel; a fixed price as given.
 */
export function choosePrice(rule: PriceRule, offers: OffersResponse | undefined): ChosenPrice | null {
  if (typeof rule === 'object') return { price: rule.fixed, source: '--at' };
  if (!offers) return null;
  const extras = offers.extras ?? {};
  if (rule === 'lowest') {
    const p = num(extras.newLowestLanded);
    return p === null ? null : { price: p, source: 'extras.newLowestLanded' };
  }
  if (rule === 'buybox') {
    const box = num(extras.newBuybox);
    if (box !== null) return { price: box, source: 'extras.newBuybox' };
  }
  const fba = lowestFba(offers);
  return fba === null ? null : { price: fba, source: 'offers.fbaNew[].priceLanded (lowest)' };
}

/** Parses --at: buybox, lowest-fba, lowest, or a price. */
export function parsePriceRule(text: string, parsePrice: (t: string, flag: string) => number): PriceRule {
  if ((PRICE_RULES as readonly string[]).includes(text)) return text as PriceRule;
  return { fixed: parsePrice(text, '--at') };
}
