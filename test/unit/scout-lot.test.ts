/** A manifest as a lot: line figures, rankings, totals counted once a manifest line, and the buy list's rows. */
import { describe, expect, it } from 'vitest';
import { buyRows } from '../../src/scout/buy-list.js';
import { lotOf } from '../../src/scout/lot.js';
import { notScouted, type ManifestResult } from '../../src/scout/manifest-scout.js';
import { RateLimitError } from '../../src/errors.js';
import { blank } from '../../src/scout/scan-engine.js';

/** A priced result of a manifest line: no prep, inbound or tax unless given. */
function priced(line: number, asin: string, qty: number, cost: number, price: number, fees: number, more = {}) {
  const profit = Math.round((price - fees - cost) * 100) / 100;
  return {
    ...blank(asin, 'asin', cost, []),
    asin,
    title: `Title of ${asin}`,
    line,
    qty,
    price,
    fees,
    prep: 0,
    inbound: 0,
    tax: 0,
    profit,
    roi: Math.round((profit / cost) * 1000) / 10,
    rank: line * 1000,
    verdict: 'buy',
    ...more,
  } as ManifestResult;
}

const RESULTS: ManifestResult[] = [
  priced(1, 'B0AAAAAAAA', 1, 2, 20, 6), // 12.00 a unit, 12.00 the line
  priced(2, 'B0AAAAAAAA', 10, 8, 20, 6), // 6.00 a unit, 60.00 the line
  priced(3, 'B0BBBBBBBB', 2, 30, 20, 6, { verdict: 'skip', rank: null }), // a loss
  { ...blank('B000000000', 'asin', 5, ['no product']), line: 4, qty: 3 },
  // One code naming two products: the line counts once, as its better product.
  priced(5, 'B0CCCCCCCC', 4, 1, 10, 4),
  priced(5, 'B0DDDDDDDD', 4, 1, 12, 4),
];

describe('lotOf', () => {
  it('ranks by line profit by default (no price last), else by unit profit, ROI or rank (best rank first)', () => {
    const order = (sort?: Parameters<typeof lotOf>[1]) => lotOf(RESULTS, sort).lines.map((l) => `${l.line}${l.asin}`);
    expect(order()).toEqual(['2B0AAAAAAAA', '5B0DDDDDDDD', '5B0CCCCCCCC', '1B0AAAAAAAA', '3B0BBBBBBBB', '4null']);
    expect(order('unit-profit')[0]).toBe('1B0AAAAAAAA');
    expect(order('roi')[0]).toBe('5B0DDDDDDDD');
    expect(order('rank')).toEqual(['1B0AAAAAAAA', '2B0AAAAAAAA', '5B0DDDDDDDD', '5B0CCCCCCCC', '3B0BBBBBBBB', '4null']);
  });

  it('gives each line qty × profit and qty × what a unit puts in', () => {
    const line2 = lotOf(RESULTS).lines.find((l) => l.line === 2)!;
    expect(line2).toMatchObject({ lineProfit: 60, lineInvested: 80 });
    expect(lotOf(RESULTS).lines.find((l) => l.line === 4)).toMatchObject({ lineProfit: null, lineInvested: 15 });
  });

  it('totals the lot (every line once, the unpriced at their cost) and the accepted part, to the cent', () => {
    const { lot, accepted } = lotOf(RESULTS);
    expect(lot).toEqual({
      lines: 5,
      units: 20,
      cost: 2 + 80 + 60 + 15 + 4,
      invested: 161,
      revenue: 20 + 200 + 40 + 48,
      fees: 6 + 60 + 12 + 16,
      profit: 308 - 94 - 161,
      roi: 32.9,
      unpriced: { lines: 1, units: 3, cost: 15 },
    });
    expect(accepted).toMatchObject({ lines: 3, units: 15, cost: 86, revenue: 268, fees: 82, profit: 100, roi: 116.3 });
  });
});

describe('buyRows', () => {
  it('makes one row per msku, quantities summed and the cost averaged by quantity, to the cent', () => {
    const buys = lotOf(RESULTS).lines.filter((l) => l.verdict === 'buy' && l.asin !== 'B0CCCCCCCC');
    expect(buyRows(buys, { template: '{asin}-{cond}', cond: 'new' })).toEqual([
      ['B0AAAAAAAA-new', 'Title of B0AAAAAAAA', 'new', 'B0AAAAAAAA', 'ASIN', '7.45', '11'],
      ['B0DDDDDDDD-new', 'Title of B0DDDDDDDD', 'new', 'B0DDDDDDDD', 'ASIN', '1.00', '4'],
    ]);
  });
});

describe('what a rate limit left unscouted', () => {
  it('names the lines in runs, and any after the last taken', () => {
    const error = new RateLimitError('rate limited');
    expect(notScouted({ error, lines: [2, 3, 4, 7, 9], lastTaken: 9 })).toBe(
      'not scouted: lines 2–4, 7, 9 and any after line 9',
    );
    expect(notScouted({ error, lines: [5], lastTaken: 12 })).toBe('not scouted: line 5 and any after line 12');
  });
});
