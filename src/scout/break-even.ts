/**
 * Fees as a function of the price, from two fee quotes (fees = fixed + rate × price), and what follows:
 * the break-even price and the highest cost that still meets a least ROI. Pure functions.
 */
import type { CostSettings } from './arithmetic.js';

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

/** Cost, prep, inbound and tax of one unit, dollars. */
export function invested(cost: number, weightLb: number | null, s: CostSettings): number {
  return cost * (1 + s.taxRate / 100) + s.prep + (weightLb ?? 0) * s.inboundPerLb;
}

/** The price at which profit is zero: price − fees(price) = invested. */
export function breakEvenPrice(line: FeeLine, investedDollars: number): number {
  return (line.fixed + investedDollars) / (1 - line.rate);
}

/**
 * The highest cost whose ROI at `price` is at least `minRoi` percent:
 * price − fees − (prep + inbound) − cost(1 + t) ≥ r × (cost(1 + t) + prep + inbound).
 */
export function maxCost(price: number, fees: number, weightLb: number | null, s: CostSettings, minRoi: number): number {
  const r = minRoi / 100;
  const extra = s.prep + (weightLb ?? 0) * s.inboundPerLb;
  const value = (price - fees - extra * (1 + r)) / ((1 + s.taxRate / 100) * (1 + r));
  return Math.floor(Math.max(0, value) * 100) / 100;
}
