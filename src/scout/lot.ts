/**
 * A manifest as a lot: each line's quantity times its unit figures, the lines ranked, and the totals of the whole lot
 * and of its accepted part, in whole cents. Pure functions.
 */
import { cents, dollars, roiOf } from './arithmetic.js';
import type { ManifestResult } from './manifest-scout.js';

/** How the lines are ranked: line profit (qty × profit, the default), ROI, sales rank, or unit profit. */
export const SORT_KEYS = ['profit', 'roi', 'rank', 'unit-profit'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** A manifest result with what its whole line puts in and takes out. */
export interface LotLine extends ManifestResult {
  /** qty × (cost + prep + inbound + tax); qty × cost while the line has no price. */
  lineInvested: number;
  /** qty × profit; null while the line has no price. */
  lineProfit: number | null;
}

/** Totals of a set of lines, dollars; ROI in percent with one decimal (null when nothing is invested). */
export interface LotFigures {
  lines: number;
  units: number;
  /** What the goods cost: qty × cost. */
  cost: number;
  /** The cost with prep, inbound shipping and sales tax. */
  invested: number;
  revenue: number;
  fees: number;
  /** revenue − fees − invested. */
  profit: number;
  roi: number | null;
  /** Lines with no price (no product, no offers, no fees): their cost is counted, at no revenue. */
  unpriced: { lines: number; units: number; cost: number };
}

/** The lot: every line ranked, the totals of all of them and of the accepted (buy) ones. */
export interface Lot {
  sort: SortKey;
  lot: LotFigures;
  accepted: LotFigures;
  lines: LotLine[];
}

const descending = (a: number | null, b: number | null) => (b ?? -Infinity) - (a ?? -Infinity);
const ascending = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);

const ORDER: Record<SortKey, (a: LotLine, b: LotLine) => number> = {
  profit: (a, b) => descending(a.lineProfit, b.lineProfit) || descending(a.profit, b.profit),
  'unit-profit': (a, b) => descending(a.profit, b.profit),
  roi: (a, b) => descending(a.roi, b.roi) || descending(a.lineProfit, b.lineProfit),
  rank: (a, b) => ascending(a.rank, b.rank) || descending(a.lineProfit, b.lineProfit),
};

/** One result with its line figures. */
export function lotLine(r: ManifestResult): LotLine {
  if (r.profit === null || r.price === null)
    return { ...r, lineInvested: dollars(r.qty * cents(r.cost)), lineProfit: null };
  const invested = cents(r.cost) + cents(r.prep ?? 0) + cents(r.inbound ?? 0) + cents(r.tax ?? 0);
  return { ...r, lineInvested: dollars(r.qty * invested), lineProfit: dollars(r.qty * cents(r.profit)) };
}

/** Each manifest line once, in the order given: a code naming several products counts as its most profitable one. */
export function linesOnce<L extends LotLine>(lines: readonly L[]): L[] {
  const best = new Map<number, L>();
  for (const l of lines) {
    const seen = best.get(l.line);
    if (!seen || descending(l.profit, seen.profit) < 0) best.set(l.line, l);
  }
  return lines.filter((l) => best.get(l.line) === l);
}

/** The totals of lines, each manifest line counted once. */
export function lotFigures(all: readonly LotLine[]): LotFigures {
  const lines = linesOnce(all);
  const sum = { units: 0, cost: 0, invested: 0, revenue: 0, fees: 0 };
  const unpriced = { lines: 0, units: 0, cost: 0 };
  for (const l of lines) {
    sum.units += l.qty;
    sum.cost += l.qty * cents(l.cost);
    sum.invested += cents(l.lineInvested);
    if (l.lineProfit === null) {
      unpriced.lines++;
      unpriced.units += l.qty;
      unpriced.cost += l.qty * cents(l.cost);
      continue;
    }
    sum.revenue += l.qty * cents(l.price ?? 0);
    sum.fees += l.qty * cents(l.fees ?? 0);
  }
  const profit = sum.revenue - sum.fees - sum.invested;
  return {
    lines: lines.length,
    units: sum.units,
    cost: dollars(sum.cost),
    invested: dollars(sum.invested),
    revenue: dollars(sum.revenue),
    fees: dollars(sum.fees),
    profit: dollars(profit),
    roi: roiOf(profit, sum.invested),
    unpriced: { ...unpriced, cost: dollars(unpriced.cost) },
  };
}

/** The lot of a manifest run: lines ranked by `sort` (ties in file order), with the totals. */
export function lotOf(results: readonly ManifestResult[], sort: SortKey = 'profit'): Lot {
  const lines = results.map(lotLine).sort((a, b) => ORDER[sort](a, b) || a.line - b.line);
  return {
    sort,
    lot: lotFigures(lines),
    accepted: lotFigures(lines.filter((l) => l.verdict === 'buy')),
    lines,
  };
}
