import { describe, expect, it } from 'vitest';
import { product, asinFor, withCheckDigit } from '../../src/sandbox/research/catalog.js';
import { computeFees, sizeTier } from '../../src/sandbox/research/fee-formula.js';
import { phpSerialize } from '../../src/sandbox/research/php.js';

describe('sandbox catalog', () => {
  it('is deterministic per ASIN and varies across ASINs', () => {
    expect(product('B00X4WHP5E')).toEqual(product('B00X4WHP5E'));
    const titles = new Set(
      ['B00X4WHP5E', 'B07FZ8S74R', '0316769487', 'B000000001', 'B000000002'].map((a) => product(a).title),
    );
    expect(titles.size).toBeGreaterThan(1);
    expect(asinFor('upc:012345678905')).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('makes valid GS1 check digits', () => {
    expect(withCheckDigit('03600029145')).toBe('036000291452');
  });
});

describe('sandbox fee formula', () => {
  const base = product('B00X4WHP5E');

  it('classifies size tiers by package', () => {
    expect(sizeTier({ length: 10, width: 8, height: 0.5, weight: 0.5 })).toBe('small-standard');
    expect(sizeTier({ length: 10, width: 8, height: 2, weight: 0.5 })).toBe('large-standard');
    expect(sizeTier({ length: 10, width: 8, height: 2, weight: 25 })).toBe('large-bulky');
  });

  it('charges referral with a $0.30 minimum, closing fee on media, FBA pick/weight/order', () => {
    const book = {
      ...base,
      category: { ...base.category, name: 'Books', code: 'Books', referral: 0.15, media: true },
      length: 9,
      width: 6,
      height: 1,
      weight: 2.2,
    };
    const fees = computeFees(book, 20);
    expect(fees.sizeTier).toBe('large-standard');
    expect(fees.mfnFees).toEqual({
      price: 20,
      revenue: 20,
      azComm: 3,
      azVar: 1.8,
      feesTotal: 4.8,
      netIncome: 15.2,
      category: 'Books',
    });
    expect(fees.fbaFees).toMatchObject({
      azComm: 3,
      azVar: 1.8,
      fbaPick: 4.75,
      fbaWeight: 0.8,
      fbaOrder: 0,
      feesTotal: 10.35,
      netIncome: 9.65,
    });
    const cheap = { ...book, category: { ...book.category, media: false, referral: 0.08 } };
    expect(computeFees(cheap, 2).mfnFees.azComm).toBe(0.3);
    expect(computeFees(cheap, 2).fbaFees.fbaOrder).toBe(1);
  });

  it('keeps net income = price - total fees', () => {
    for (const asin of ['B00X4WHP5E', 'B07FZ8S74R', 'B0000AAAAA']) {
      const f = computeFees(product(asin), 24.99);
      expect(f.fbaFees.netIncome).toBeCloseTo(24.99 - f.fbaFees.feesTotal, 2);
      expect(f.mfnFees.netIncome).toBeCloseTo(24.99 - f.mfnFees.feesTotal, 2);
      expect(f.fbaFees.netIncome).toBeLessThan(f.mfnFees.netIncome);
    }
  });
});

describe('php serialize', () => {
  it('matches PHP serialize() output', () => {
    expect(phpSerialize({ a: 1, b: [true, null], c: 'é', d: 1.5 })).toBe(
      'a:4:{s:1:"a";i:1;s:1:"b";a:2:{i:0;b:1;i:1;N;}s:1:"c";s:2:"é";s:1:"d";d:1.5;}',
    );
  });
});
