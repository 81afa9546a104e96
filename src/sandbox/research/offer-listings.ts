/** Deterministic offer listings and their statistics for a product. */
import { seeded, type Product } from './catalog.js';

const CHANNELS = ['fbaNew', 'merchantNew', 'fbaUsed', 'merchantUsed'] as const;
const USED_SUBCONDS = ['Mint', 'VeryGood', 'Good', 'Acceptable'];
const RATINGS = ['90-94%', '95-97%', '98-100%'];

const round = (n: number) => Math.round(n * 100) / 100;

/** A seller's rating range and feedback count; new sellers are "Just Launched" with no feedback. */
function rated(random: () => number): { rating: string; fbcount: number } {
  if (random() < 0.1) return { rating: 'Just Launched', fbcount: 0 };
  return { rating: RATINGS[Math.floor(random() * RATINGS.length)]!, fbcount: Math.floor(random() * 50_000) };
}

/**
 * The buy box: the lowest FBA new offer when it is within 15 % of the lowest new landed price, else the
 * lowest new offer; none (a suppressed buy box) for about one product in twelve.
 */
function buyBox(fbaNew: Array<{ priceLanded: number }>, lowestNew: number | null, suppressed: boolean): number | null {
  if (suppressed || lowestNew === null) return null;
  const fba = fbaNew[0]?.priceLanded;
  return fba !== undefined && fba <= lowestNew * 1.15 ? fba : lowestNew;
}

/** The offers object and extras of the /v1/offers response; `paapi` false leaves out what the item lookup adds. */
export function offersFor(p: Product, paapi: boolean) {
  const random = seeded(`offers:${p.asin}`);
  const offers = Object.fromEntries(
    CHANNELS.map((channel) => {
      const fba = channel.startsWith('fba');
      const used = channel.endsWith('Used');
      const n = Math.floor(random() * (channel === 'fbaNew' ? 4 : 3)) + (channel === 'fbaNew' ? 1 : 0);
      const list = Array.from({ length: n }, () => {
        const price = round(p.listPrice * (used ? 0.45 + random() * 0.3 : 0.8 + random() * 0.3));
        const priceShipping = fba ? 0 : round(3.49 + Math.floor(random() * 3));
        return {
          cond: used ? 'Used' : 'New',
          subcond: used ? USED_SUBCONDS[Math.floor(random() * USED_SUBCONDS.length)]! : 'New',
          fc: fba ? 'Amazon' : 'Merchant',
          shipdom: fba || random() < 0.7 ? 'True' : random() < 0.5 ? 'Unknown' : 'False',
          shipmax: fba ? '0-2 days' : random() < 0.8 ? '3-5 days' : '14 or more days',
          ...rated(random),
          number: 1 + Math.floor(random() * 3),
          multi: random() < 0.2 ? 'True' : 'False',
          price,
          priceShipping,
          priceLanded: round(price + priceShipping),
        };
      }).sort((a, b) => a.priceLanded - b.priceLanded);
      return [channel, list];
    }),
  ) as unknown as Record<(typeof CHANNELS)[number], Array<{ price: number; priceLanded: number; number: number }>>;
  const newOffers = [...offers.fbaNew, ...offers.merchantNew];
  const usedOffers = [...offers.fbaUsed, ...offers.merchantUsed];
  const lowest = (list: typeof newOffers, key: 'price' | 'priceLanded') =>
    list.length ? Math.min(...list.map((o) => o[key])) : null;
  const sellers = (list: typeof newOffers) => list.reduce((sum, o) => sum + o.number, 0);
  // Quirks of the live answers, drawn apart so the offers stay as they were: counts of 0 while offers
  // exist (the totals are in total*), and null ean, upc, azprice or megaseller.
  const quirk = seeded(`extras:${p.asin}`);
  const zeroCounts = quirk() < 0.25;
  const nulls = quirk() < 0.2;
  const suppressed = quirk() < 0.08;
  const extras = {
    newLowest: lowest(newOffers, 'price'),
    newCount: zeroCounts ? 0 : sellers(newOffers),
    usedLowest: lowest(usedOffers, 'price'),
    usedCount: zeroCounts ? 0 : sellers(usedOffers),
    msrp: paapi ? p.listPrice : null,
    salesrank: p.salesRank,
    azprice: nulls ? null : (offers.fbaNew[0]?.price ?? null),
    tradeInPrice: paapi && p.category.media ? round(p.listPrice * 0.2) : null,
    usedBuybox: lowest(usedOffers, 'priceLanded'),
    newBuybox: buyBox(offers.fbaNew, lowest(newOffers, 'priceLanded'), suppressed),
    ean: nulls ? null : p.ean,
    upc: nulls ? null : p.upc,
    newLowestLanded: lowest(newOffers, 'priceLanded'),
    usedLowestLanded: lowest(usedOffers, 'priceLanded'),
    megaseller: nulls ? null : sellers(newOffers) > 6 ? 1 : 0,
    category: p.category.name,
    totalFbaUsed: offers.fbaUsed.length,
    totalFbaNew: offers.fbaNew.length,
    totalFba: offers.fbaUsed.length + offers.fbaNew.length,
    totalMerchantUsed: offers.merchantUsed.length,
    totalMerchantNew: offers.merchantNew.length,
    totalMerchant: offers.merchantUsed.length + offers.merchantNew.length,
  };
  return { offers, extras };
}
