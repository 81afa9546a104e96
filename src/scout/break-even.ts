/**
 * Fees as a function of the price, from two fee quotes (fees = fixed + rate × price), and what follows on the
 * profit line of arithmetic.ts (whole cents): the break-even price and the highest cost that still meets a least
 * ROI. Pure functions.
 */
import { cents, dollars, investedCents, roiOf, type CostSettings } from './arithmetic.js';

export interface FeeLine {
  /** Dollars charged whatever the price. */
  fixed: number;
  /** Share of the price charged (referral). */
  rate: number;
}

/** The line through two (price, fees) quotes at different prices. */
export function feeLine(a: { price: number; fees: number }, b: { price: number; fees: number }): FeeLine {
  if (a.price === b.price) throw new Error('two fee quotes at different prices are needed');
  const rate = (b.fees - a.fees) / (b.price - a.price);
  return { fixed: a.fees - rate * a.price, rate };
}

/** Fees the line predicts at a price. */
export function feesAt(line: FeeLine, price: number): number {
  return line.fixed + line.rate * price;
}

/** Fees the line predicts at a price in whole cents, rounded to the cent. */
export function feesCentsAt(line: FeeLine, priceCents: number): number {
  return cents(feesAt(line, dollars(priceCents)));
}

/**
 * The lowest price, to the cent, whose profit on the profit line (fees from the line) is not below zero. Profit
 * rises with the price by 0 or 1 cent a cent while the fee rate is below 1: start at the line's closed-form
 * solution, then walk to the first cent of its plateau.
 */
export function breakEvenPrice(line: FeeLine, cost: number, weightLb: number | null, s: CostSettings): number {
  if (!(line.rate < 1)) throw new RangeError('the fees grow as fast as the price: no price breaks even');
  const invested = investedCents(cents(cost), weightLb, s).total;
  const profit = (price: number) => price - feesCentsAt(line, price) - invested;
  let price = Math.max(1, Math.ceil((line.fixed * 100 + invested) / (1 - line.rate)));
  while (profit(price) < 0) price++;
  while (price > 1 && profit(price - 1) >= 0) price--;
  return dollars(price);
}

/**
 * The highest cost, to the cent, whose ROI at `price` (as computeProfit rounds it) is at least `minRoi` percent.
 * ROI falls as the cost rises: start at the closed form of
 * price − fees − (prep + inbound) − cost(1 + t) ≥ r × (cost(1 + t) + prep + inbound), then walk to the last cent.
 * With minRoi at −100 % or below every cost meets it: no bound (Infinity).
 */
export function maxCost(price: number, fees: number, weightLb: number | null, s: CostSettings, minRoi: number): number {
  const r = minRoi / 100;
  if (r <= -1) return Infinity;
  const margin = cents(price) - cents(fees);
  const meets = (cost: number) => {
    const invested = investedCents(cost, weightLb, s).total;
    const roi = roiOf(margin - invested, invested);
    return roi !== null && roi >= minRoi;
  };
  const extra = investedCents(0, weightLb, s).total;
  let cost = Math.max(0, Math.floor((margin - extra * (1 + r)) / ((1 + s.taxRate / 100) * (1 + r))));
  while (cost > 0 && !meets(cost)) cost--;
  while (meets(cost + 1)) cost++;
  return dollars(cost);
}
