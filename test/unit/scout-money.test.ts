/**
 * One money arithmetic: the break-even price and the max cost agree to the cent with the profit line (computeProfit),
 * and inv profit's break-even holds against the fees quoted there.
 */
import { describe, expect, it } from 'vitest';
import { computeProfit, type CostSettings } from '../../src/scout/arithmetic.js';
import { breakEvenPrice, feeLine, feesAt, maxCost, type FeeLine } from '../../src/scout/break-even.js';
import { profitReport } from '../../src/scout/profit-breakdown.js';
import type { ResearchClient } from '../../src/api/research.js';
import type { FbaFees } from '../../src/api/research-types.js';

/** A small seeded generator (mulberry32), so a failure names inputs that come back on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case {
  cost: number;
  weightLb: number | null;
  settings: CostSettings;
  line: FeeLine;
  price: number;
  minRoi: number;
}

function cases(count: number, seed = 24): Case[] {
  const next = random(seed);
  const cents = (max: number) => Math.floor(next() * max) / 100;
  return Array.from({ length: count }, () => {
    const rate = [0.08, 0.15, 0.17, 0.2][Math.floor(next() * 4)]!;
    const fixed = cents(800);
    const at = (p: number) => ({ price: p, fees: Math.round((fixed + rate * p) * 100) / 100 });
    return {
      cost: cents(5000),
      weightLb: next() < 0.2 ? null : Math.round(next() * 500) / 100,
      settings: {
        prep: cents(100),
        inboundPerLb: cents(120),
        taxRate: [0, 6.25, 7, 8, 8.875, 9.5][Math.floor(next() * 6)]!,
      },
      line: feeLine(at(30), at(46)),
      price: 5 + cents(10000),
      minRoi: [0, 15, 25, 30, 33.3, 50][Math.floor(next() * 6)]!,
    };
  });
}

/** The profit at a price whose fees the line predicts, to the cent: the figure `inv profit --price` would print. */
const feesOf = (c: Case, price: number) => Math.round(feesAt(c.line, price) * 100) / 100;
const profitAt = (c: Case, price: number) =>
  computeProfit({ price, fees: feesOf(c, price), cost: c.cost, weightLb: c.weightLb, settings: c.settings }).profit;
const roiAt = (c: Case, cost: number) =>
  computeProfit({ price: c.price, fees: feesOf(c, c.price), cost, weightLb: c.weightLb, settings: c.settings }).roi;
const cent = (dollars: number) => Math.round(dollars * 100) / 100;

/** The break-even price as `inv profit` reports it, to the cent. */
const evenOf = (c: Case) => breakEvenPrice(c.line, c.cost, c.weightLb, c.settings);

describe('break-even and max cost on the profit line', () => {
  it('the break-even price is the lowest price, to the cent, whose profit is not below zero', () => {
    const off = cases(2000).flatMap((c) => {
      const even = evenOf(c);
      const ok = profitAt(c, even) >= 0 && (even <= 0.01 || profitAt(c, cent(even - 0.01)) < 0);
      return ok ? [] : [{ ...c, even, profit: profitAt(c, even), below: profitAt(c, cent(even - 0.01)) }];
    });
    expect(off.slice(0, 3), `${off.length} of 2000 off by a cent`).toEqual([]);
  });

  it('the max cost is the highest cost, to the cent, whose ROI meets minRoi', () => {
    const off = cases(2000).flatMap((c) => {
      const best = maxCost(c.price, feesOf(c, c.price), c.weightLb, c.settings, c.minRoi);
      const at = roiAt(c, best);
      const over = roiAt(c, cent(best + 0.01));
      const ok = (best === 0 || (at !== null && at >= c.minRoi)) && over !== null && over < c.minRoi;
      return ok ? [] : [{ ...c, best, roi: at, over }];
    });
    expect(off.slice(0, 3), `${off.length} of 2000 off by a cent`).toEqual([]);
  });

  it('at minRoi −100 % exactly every cost meets it: no bound, whatever the margin', () => {
    const s = { prep: 0.5, inboundPerLb: 0.4, taxRate: 8 };
    expect(maxCost(20, 20, 1, s, -100)).toBe(Infinity);
    expect(maxCost(20, 25, 1, s, -100)).toBe(Infinity);
    expect(maxCost(20, 5, 1, s, -99.9)).toBeLessThan(Infinity);
  });

  it('the max cost is 0 when even one cent of cost misses minRoi (its tax rounds up to a whole cent)', () => {
    const s = { prep: 0, inboundPerLb: 0, taxRate: 50 };
    expect(computeProfit({ price: 0.02, fees: 0, cost: 0.01, weightLb: null, settings: s }).roi).toBe(0);
    expect(maxCost(0.02, 0, null, s, 25)).toBe(0);
  });
});

describe("inv profit's break-even where the fee schedule bends", () => {
  // A referral of 14 % below 15.00 and 15 % from it, plus 3.00: the line through the quotes at 30 and 46 is the
  // upper tier's, 9 cents off at the break-even it gives. The one refinement must land on the lower tier.
  const schedule = (price: number): FbaFees => {
    const azComm = Math.round((price < 15 ? 0.14 : 0.15) * price * 100) / 100;
    const feesTotal = Math.round((azComm + 3) * 100) / 100;
    const mfn = { price, revenue: price, azComm, azVar: 0, feesTotal, netIncome: price - feesTotal, category: 'Toys' };
    return { ...mfn, fbaPick: 3, fbaWeight: 0, fbaOrder: 0 };
  };
  const client = {
    item: async () => ({ searchCatalogs: { result: [{ title: 'A toy', weight: null }] } }),
    fees: async (_asin: string, price: number) => ({ data: { sizeTier: 'Standard', fbaFees: schedule(price) } }),
  } as unknown as ResearchClient;

  it('checks the line at the price it gives and refines it once when the quote there differs by more than a cent', async () => {
    const costs = { prep: 0, inboundPerLb: 0, taxRate: 0 };
    const input = { asin: 'B000TOY000', cost: 5, at: { fixed: 30 }, channel: 'fba' as const, costs, minRoi: 30 };
    const { breakEven } = await profitReport(client, input);
    const profitAt = (price: number) => Math.round((price - schedule(price).feesTotal - 5) * 100) / 100;
    expect(breakEven.ok, JSON.stringify(breakEven)).toBe(true);
    expect(breakEven.actualFees).toBe(schedule(breakEven.price).feesTotal);
    expect(profitAt(breakEven.price)).toBeGreaterThanOrEqual(0);
    expect(profitAt(breakEven.price)).toBeLessThanOrEqual(0.01);
  });
});
