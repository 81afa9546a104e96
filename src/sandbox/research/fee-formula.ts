/**
 * The sandbox's documented fee formula (README, "Sandbox fee formula"):
 * - referral fee (azComm): the category's rate times the price, at least $0.30;
 * - variable closing fee (azVar): $1.80 on media (books, music, video, video games), else 0;
 * - size tier from the package, as a slug: small-standard (<= 15 x 12 x 0.75 in and <= 1 lb),
 *   large-standard (<= 18 x 14 x 8 in and <= 20 lb), else large-bulky;
 * - category: the category's code (e.g. ToysAndGames);
 * - FBA pick & pack (fbaPick): $3.22 small, $4.75 large standard, $9.73 bulky;
 * - FBA weight handling (fbaWeight): $0.40 (standard) or $0.42 (bulky) per pound above the first, rounded up;
 * - FBA order handling (fbaOrder): $1.00 on non-media items under $300, else 0;
 * - feesTotal is the sum of the fees; netIncome = price - feesTotal (revenue = price).
 */
import type { Product } from './catalog.js';

export type SizeTier = 'small-standard' | 'large-standard' | 'large-bulky';

const cents = (n: number) => Math.round(n * 100) / 100;

/** The FBA size tier of a product's package. */
export function sizeTier(p: Pick<Product, 'length' | 'width' | 'height' | 'weight'>): SizeTier {
  const [a, b, c] = [p.length, p.width, p.height].sort((x, y) => y - x) as [number, number, number];
  if (a <= 15 && b <= 12 && c <= 0.75 && p.weight <= 1) return 'small-standard';
  if (a <= 18 && b <= 14 && c <= 8 && p.weight <= 20) return 'large-standard';
  return 'large-bulky';
}

/** The fees response data for selling `p` at `price`. */
export function computeFees(p: Product, price: number) {
  const tier = sizeTier(p);
  const category = p.category.code;
  const azComm = cents(Math.max(0.3, price * p.category.referral));
  const azVar = p.category.media ? 1.8 : 0;
  const extraPounds = Math.max(0, Math.ceil(p.weight - 1));
  const fbaPick = tier === 'small-standard' ? 3.22 : tier === 'large-standard' ? 4.75 : 9.73;
  const fbaWeight = tier === 'small-standard' ? 0 : cents(extraPounds * (tier === 'large-bulky' ? 0.42 : 0.4));
  const fbaOrder = !p.category.media && price < 300 ? 1 : 0;
  const mfnTotal = cents(azComm + azVar);
  const fbaTotal = cents(mfnTotal + fbaPick + fbaWeight + fbaOrder);
  return {
    sizeTier: tier,
    mfnFees: {
      price,
      revenue: price,
      azComm,
      azVar,
      feesTotal: mfnTotal,
      netIncome: cents(price - mfnTotal),
      category,
    },
    fbaFees: {
      price,
      revenue: price,
      azComm,
      azVar,
      fbaWeight,
      fbaPick,
      fbaOrder,
      feesTotal: fbaTotal,
      netIncome: cents(price - fbaTotal),
      category,
    },
  };
}
