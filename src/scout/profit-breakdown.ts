/**
 * `inv profit`: one ASIN's profit term by term (each from a named field or setting), its break-even price and the
 * highest cost for the least ROI.
 */
import { NotFoundError } from '../errors.js';
import type { ResearchClient } from '../api/research.js';
import type { FeesResponse } from '../api/research-types.js';
import { cents, computeProfit, dollars, type CostSettings, type Profit } from './arithmetic.js';
import { breakEvenPrice, feeLine, feesCentsAt, maxCost, type FeeLine } from './break-even.js';
import { choosePrice, type PriceRule } from './price.js';

export interface Term {
  term: string;
  amount: number | null;
  /** The API field or setting it came from. */
  source: string;
}

export interface ProfitReport extends Profit {
  asin: string;
  title: string | null;
  channel: 'fba' | 'mfn';
  terms: Term[];
  breakEven: { price: number; checkedAt: number; predictedFees: number; actualFees: number; ok: boolean };
  maxCost: { minRoi: number; cost: number };
}

const FBA_PARTS: Array<[string, 'azComm' | 'azVar' | 'fbaPick' | 'fbaWeight' | 'fbaOrder']> = [
  ['referral fee', 'azComm'],
  ['variable closing fee', 'azVar'],
  ['FBA pick & pack', 'fbaPick'],
  ['FBA weight handling', 'fbaWeight'],
  ['FBA order handling', 'fbaOrder'],
];

/** Builds the report from the item, its offers (unless the price is given) and three fee quotes. */
export async function profitReport(
  client: ResearchClient,
  input: { asin: string; cost: number; at: PriceRule; channel: 'fba' | 'mfn'; costs: CostSettings; minRoi: number },
): Promise<ProfitReport> {
  const { asin, cost, channel, costs } = input;
  const [listing, offers] = await Promise.all([
    client.item(asin).then((r) => r.searchCatalogs.result[0]),
    typeof input.at === 'object' ? undefined : client.offers(asin, { format: 'pretty', nopaapi: true }),
  ]);
  const chosen = choosePrice(input.at, offers);
  if (!chosen)
    throw new NotFoundError(
      `no offers for ${asin} to price it by`,
      `give the price: inv profit ${asin} --cost ${cost} --price P`,
    );
  const side = (f: FeesResponse) => (channel === 'fba' ? f.data.fbaFees : f.data.mfnFees);
  const weight = typeof listing?.weight === 'number' ? listing.weight : null;
  const second = Math.round(chosen.price * 150) / 100 + 1;
  const [atPrice, atSecond] = await Promise.all([client.fees(asin, chosen.price), client.fees(asin, second)]);
  const fees = side(atPrice);
  const p = computeProfit({ price: chosen.price, fees: fees.feesTotal, cost, weightLb: weight, settings: costs });

  // Break-even from the line through two quotes, checked by a third at the price it gives; refined once if off.
  /** The break-even price of a fee line (up to the cent), the fees the line predicts there and the fees quoted there. */
  const check = async (line: FeeLine) => {
    const even = breakEvenPrice(line, cost, weight, costs);
    const predicted = dollars(feesCentsAt(line, cents(even)));
    return { even, predicted, actual: side(await client.fees(asin, even)).feesTotal };
  };
  let { even, predicted, actual } = await check(
    feeLine({ price: chosen.price, fees: fees.feesTotal }, { price: second, fees: side(atSecond).feesTotal }),
  );
  if (Math.abs(actual - predicted) > 0.01) {
    ({ even, predicted, actual } = await check(
      feeLine({ price: even, fees: actual }, { price: chosen.price, fees: fees.feesTotal }),
    ));
  }

  const feeTerms: Term[] =
    channel === 'fba'
      ? FBA_PARTS.map(([term, key]) => ({ term, amount: -atPrice.data.fbaFees[key], source: `fbaFees.${key}` }))
      : [
          { term: 'referral fee', amount: -fees.azComm, source: 'mfnFees.azComm' },
          { term: 'variable closing fee', amount: -fees.azVar, source: 'mfnFees.azVar' },
        ];
  const terms: Term[] = [
    { term: 'price', amount: p.price, source: chosen.source },
    ...feeTerms,
    { term: 'fees', amount: -p.fees, source: `${channel}Fees.feesTotal` },
    { term: 'cost', amount: -p.cost, source: '--cost' },
    { term: 'prep', amount: -p.prep, source: 'scout.prep (or --prep)' },
    {
      term: 'inbound shipping',
      amount: -p.inbound,
      source: weight === null ? 'no weight in the catalog' : `scout.inboundPerLb × weight ${weight} lb (search weight)`,
    },
    { term: 'sales tax on cost', amount: -p.tax, source: `scout.taxRate ${costs.taxRate}% × cost` },
    { term: 'profit', amount: p.profit, source: 'price − fees − cost − prep − inbound − tax' },
  ];
  return {
    asin,
    title: listing?.title ?? null,
    channel,
    ...p,
    terms,
    breakEven: {
      price: even,
      checkedAt: even,
      predictedFees: predicted,
      actualFees: actual,
      ok: Math.abs(actual - predicted) <= 0.01,
    },
    maxCost: { minRoi: input.minRoi, cost: maxCost(chosen.price, fees.feesTotal, weight, costs, input.minRoi) },
  };
}
