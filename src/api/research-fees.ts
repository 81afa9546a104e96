/** Fee quotes for several ASINs at several prices: one /v1/fees call per pair, a few at a time. */
import { mapLimit } from '../util/concurrency.js';
import type { ResearchClient } from './research.js';
import type { FbaFees, MfnFees } from './research-types.js';

export interface FeeQuote {
  asin: string;
  price: number;
  sizeTier: string;
  mfnFees: MfnFees;
  fbaFees: FbaFees;
}

/** Quotes every ASIN at every price, in ASIN then price order. */
export function quoteFees(
  client: ResearchClient,
  asins: readonly string[],
  prices: readonly number[],
  concurrency = 4,
): Promise<FeeQuote[]> {
  const pairs = asins.flatMap((asin) => prices.map((price) => ({ asin, price })));
  return mapLimit(pairs, concurrency, async ({ asin, price }) => {
    const { data } = await client.fees(asin, price);
    return { asin, price, sizeTier: data.sizeTier, mfnFees: data.mfnFees, fbaFees: data.fbaFees };
  });
}
