/** The scouting arithmetic, verdict rules, scan lines, prices, the session tally and the break-even / max-cost solution. */
import { describe, expect, it } from 'vitest';
import { computeProfit } from '../../src/scout/arithmetic.js';
import { breakEvenPrice, feeLine, feesAt, maxCost } from '../../src/scout/break-even.js';
import { choosePrice } from '../../src/scout/price.js';
import { parseScanLine } from '../../src/scout/scan-line.js';
import { Tally } from '../../src/scout/tally.js';
import { judge, rulesFor } from '../../src/scout/verdict.js';
import type { ScoutResult } from '../../src/scout/scan-engine.js';
import { OFFERS } from '../fixtures/research-shapes.js';
import type { OffersResponse } from '../../src/api/research-types.js';

const settings = { prep: 0.35, inboundPerLb: 0.5, taxRate: 8 };

describe('computeProfit', () => {
  it('takes every term off the price, to the cent', () => {
    const p = computeProfit({ price: 30, fees: 6.98, cost: 10, weightLb: 1.35, settings });
    expect(p).toEqual({
      price: 30,
      fees: 6.98,
      cost: 10,
      prep: 0.35,
      inbound: 0.68,
      tax: 0.8,
      invested: 11.83,
      profit: 11.19,
      roi: 94.6,
      margin: 37.3,
    });
  });

  it('has no inbound term without a weight, and no ROI when nothing is invested', () => {
    const p = computeProfit({
      price: 10,
      fees: 3,
      cost: 0,
      weightLb: null,
      settings: { prep: 0, inboundPerLb: 1, taxRate: 0 },
    });
    expect(p.inbound).toBe(0);
    expect(p.profit).toBe(7);
    expect(p.roi).toBeNull();
  });

  it('sums in cents, not in floating point', () => {
    const p = computeProfit({
      price: 0.3,
      fees: 0.1,
      cost: 0.1,
      weightLb: null,
      settings: { prep: 0, inboundPerLb: 0, taxRate: 0 },
    });
    expect(p.profit).toBe(0.1);
  });
});

describe('judge', () => {
  const rules = { minRoi: 30, minProfit: 3, maxRank: 100_000, overrides: { Books: { maxRank: 1_000_000 } } };
  it('buys when every rule holds', () => {
    expect(judge({ profit: 5, roi: 50, rank: 5_000, category: 'Toys & Games' }, rules)).toEqual({
      verdict: 'buy',
      reasons: [],
    });
  });
  it('skips naming each failed rule', () => {
    expect(judge({ profit: 2, roi: 20, rank: 200_000, category: 'Toys & Games' }, rules)).toEqual({
      verdict: 'skip',
      reasons: ['profit 2.00 < minProfit 3.00', 'ROI 20.0% < minRoi 30%', 'rank 200000 > maxRank 100000'],
    });
  });
  it('buys at exactly minRoi and exactly minProfit; a tenth of a point or a cent below skips', () => {
    expect(judge({ profit: 3, roi: 30, rank: 5_000, category: null }, rules)).toEqual({ verdict: 'buy', reasons: [] });
    const at = (profit: number, roi: number) => judge({ profit, roi, rank: 5_000, category: null }, rules);
    expect(at(3, 29.9)).toEqual({ verdict: 'skip', reasons: ['ROI 29.9% < minRoi 30%'] });
    expect(at(2.99, 30)).toEqual({ verdict: 'skip', reasons: ['profit 2.99 < minProfit 3.00'] });
    // As computeProfit rounds it: 3.90 on 13.00 invested is 30.0 %, so that buy is at the line.
    const p = computeProfit({
      price: 20,
      fees: 3.1,
      cost: 13,
      weightLb: null,
      settings: { prep: 0, inboundPerLb: 0, taxRate: 0 },
    });
    expect(p.roi).toBe(30);
    expect(judge({ profit: p.profit, roi: p.roi, rank: 5_000, category: null }, rules).verdict).toBe('buy');
  });
  it('skips an item with no ROI (nothing invested) or no sales rank when the rule needs one', () => {
    expect(judge({ profit: 7, roi: null, rank: 5_000, category: null }, rules)).toEqual({
      verdict: 'skip',
      reasons: ['ROI - < minRoi 30%'],
    });
    expect(judge({ profit: 7, roi: 50, rank: null, category: null }, rules)).toEqual({
      verdict: 'skip',
      reasons: ['no sales rank (maxRank 100000)'],
    });
    expect(judge({ profit: 7, roi: 50, rank: null, category: null }, { minRoi: 30 }).verdict).toBe('buy');
  });
  it('applies a category override', () => {
    expect(rulesFor(rules, 'Books').maxRank).toBe(1_000_000);
    expect(judge({ profit: 5, roi: 50, rank: 200_000, category: 'Books' }, rules).verdict).toBe('buy');
    expect(judge({ profit: 5, roi: 50, rank: 200_000, category: null, group: 'Books' }, rules).verdict).toBe('buy');
  });
});

describe('parseScanLine', () => {
  it.each([
    ['B00X4WHP5E', { code: 'B00X4WHP5E' }],
    ['012345678905,4.50', { code: '012345678905', cost: 4.5 }],
    ['012345678905 $4', { code: '012345678905', cost: 4 }],
    ['  ', undefined],
    ['# a comment', undefined],
  ])('%j', (line, expected) => expect(parseScanLine(line)).toEqual(expected));
  it('names the rule of a bad cost', () => {
    expect(parseScanLine('B00X4WHP5E,abc')).toEqual({
      error: '"B00X4WHP5E,abc": the cost "abc" must be a number of dollars with at most 4 decimals',
    });
  });
});

describe('choosePrice', () => {
  const offers = OFFERS as unknown as OffersResponse;
  it('uses the buy box, else the lowest FBA new landed price', () => {
    expect(choosePrice('buybox', offers)).toEqual({ price: 24.5, source: 'extras.newBuybox' });
    const noBox = { ...offers, extras: { ...offers.extras, newBuybox: null } };
    expect(choosePrice('buybox', noBox)).toEqual({ price: 24.5, source: 'offers.fbaNew[].priceLanded (lowest)' });
    expect(choosePrice('lowest', offers)).toEqual({ price: 24.5, source: 'extras.newLowestLanded' });
    expect(choosePrice({ fixed: 19.99 }, undefined)).toEqual({ price: 19.99, source: '--at' });
    expect(choosePrice('lowest-fba', { ...offers, offers: { ...offers.offers, fbaNew: [] } })).toBeNull();
  });
  it('takes the lowest of several FBA offers, and no price of 0 (no buy box, an offer without a price)', () => {
    const fbaNew = [{ priceLanded: 0 }, { priceLanded: 27 }, { priceLanded: 26.1 }, { priceLanded: 29.5 }];
    const several = { extras: { newBuybox: 0, newLowestLanded: 0 }, offers: { fbaNew } } as unknown as OffersResponse;
    const lowestFba = { price: 26.1, source: 'offers.fbaNew[].priceLanded (lowest)' };
    expect(choosePrice('lowest-fba', several)).toEqual(lowestFba);
    expect(choosePrice('buybox', several)).toEqual(lowestFba);
    expect(choosePrice('lowest', several)).toBeNull();
  });
});

describe('Tally', () => {
  it('adds the buys to the cent, and counts every verdict', () => {
    const result = (verdict: ScoutResult['verdict'], profit: number | null, cost: number) =>
      ({ verdict, profit, cost }) as ScoutResult;
    const tally = new Tally();
    tally.add([result('buy', 11.19, 10), result('skip', 1.2, 3)]);
    tally.add([result('buy', 0.5, 2.25), result('unknown', null, 4)]);
    expect(tally.toJSON()).toEqual({
      tally: { scans: 2, buy: 2, skip: 1, unknown: 1, buyCost: 12.25, buyProfit: 11.69 },
    });
    expect(String(tally)).toBe('2 scans · 2 buy · 1 skip · 1 unknown · buys cost 12.25, profit 11.69');
  });

  it('says what the session bought, all-in, and takes a scan back', () => {
    const buy = (profit: number, cost: number, prep: number) => ({ verdict: 'buy', profit, cost, prep }) as ScoutResult;
    const tally = new Tally();
    tally.add([buy(11.19, 10, 0.35)]);
    const second = [buy(0.5, 2.25, 0.35), { verdict: 'skip' } as ScoutResult];
    tally.add(second);
    expect(tally.bought()).toEqual({ units: 2, cost: 12.25, invested: 12.95, profit: 11.69, roi: 90.3 });
    tally.remove(second);
    expect(tally.bought()).toEqual({ units: 1, cost: 10, invested: 10.35, profit: 11.19, roi: 108.1 });
    expect(String(tally)).toBe('1 scans · 1 buy · 0 skip · 0 unknown · buys cost 10.00, profit 11.19');
  });
});

describe('break-even and max cost', () => {
  // A referral of 15 % plus 5.02 of fixed fees: the recorded toy at 30 pays 4.50 + 2.48.
  const fees = (price: number) => Math.round((0.15 * price + 2.48) * 100) / 100;
  const line = feeLine({ price: 30, fees: fees(30) }, { price: 46, fees: fees(46) });

  it('finds the line through two quotes', () => {
    expect(line.rate).toBeCloseTo(0.15, 10);
    expect(line.fixed).toBeCloseTo(2.48, 10);
    expect(feesAt(line, 100)).toBeCloseTo(17.48, 10);
  });

  it('gives a break-even price where the profit is zero', () => {
    const even = breakEvenPrice(line, 10, 1.35, settings);
    const p = computeProfit({ price: even, fees: fees(even), cost: 10, weightLb: 1.35, settings });
    expect(p.profit).toBeGreaterThanOrEqual(0);
    expect(p.profit).toBeLessThan(0.02);
  });

  it('gives the highest cost that still meets the least ROI', () => {
    const best = maxCost(30, fees(30), 1.35, settings, 30);
    const at = computeProfit({ price: 30, fees: fees(30), cost: best, weightLb: 1.35, settings });
    const over = computeProfit({ price: 30, fees: fees(30), cost: best + 0.01, weightLb: 1.35, settings });
    expect(at.roi!).toBeGreaterThanOrEqual(30);
    expect(over.roi!).toBeLessThan(30);
  });
});
