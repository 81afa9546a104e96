/**
 * The scouting arithmetic, in whole cents so that every figure adds up to the cent:
 * profit = price − fees − cost − prep − inbound − tax; ROI = profit ÷ (cost + prep + inbound + tax);
 * margin = profit ÷ price. Pure functions.
 */

/** Settings that price the work around an item (from the profile or flags). */
export interface CostSettings {
  /** Prep per unit (labels, bags), dollars. */
  prep: number;
  /** Inbound shipping to the fulfilment centre, dollars per pound of the item. */
  inboundPerLb: number;
  /** Sales tax paid on the cost, percent. */
  taxRate: number;
}

export interface ProfitInput {
  price: number;
  fees: number;
  cost: number;
  /** The item's weight in pounds; unknown weight means no inbound term. */
  weightLb: number | null;
  settings: CostSettings;
}

export interface Profit {
  price: number;
  fees: number;
  cost: number;
  prep: number;
  inbound: number;
  tax: number;
  /** What is paid out before the sale: cost + prep + inbound + tax. */
  invested: number;
  profit: number;
  /** Percent, one decimal; null when nothing is invested. */
  roi: number | null;
  /** Percent of the price, one decimal. */
  margin: number;
}

/** Dollars to whole cents. */
export const cents = (dollars: number): number => Math.round(dollars * 100);
/** Whole cents to dollars. */
export const dollars = (c: number): number => c / 100;
const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/** What one unit costs before the sale, each term and their sum in whole cents (cost given in cents). */
export function investedCents(cost: number, weightLb: number | null, settings: CostSettings) {
  const prep = cents(settings.prep);
  const inbound = weightLb === null ? 0 : Math.round(settings.inboundPerLb * weightLb * 100);
  const tax = Math.round((cost * settings.taxRate) / 100);
  return { prep, inbound, tax, total: cost + prep + inbound + tax };
}

/** ROI in percent with one decimal, as the verdict reads it; null when nothing is invested (cents in). */
export const roiOf = (profit: number, invested: number): number | null =>
  invested > 0 ? percent(profit, invested) : null;

/** Every term of the profit of one unit, in dollars with two decimals. */
export function computeProfit(input: ProfitInput): Profit {
  const price = cents(input.price);
  const fees = cents(input.fees);
  const cost = cents(input.cost);
  const { prep, inbound, tax, total: invested } = investedCents(cost, input.weightLb, input.settings);
  const profit = price - fees - invested;
  return {
    price: dollars(price),
    fees: dollars(fees),
    cost: dollars(cost),
    prep: dollars(prep),
    inbound: dollars(inbound),
    tax: dollars(tax),
    invested: dollars(invested),
    profit: dollars(profit),
    roi: roiOf(profit, invested),
    margin: price > 0 ? percent(profit, price) : 0,
  };
}
