/** The quantity rule at its edge: 999,999,999 units pass, 1,000,000,000 do not (flags, batch rows); the sandbox's own limit. */
import { describe, expect, it } from 'vitest';
import { positiveQuantity } from '../../src/api/quantity.js';
import { parseMoveRow } from '../../src/batch/moves/move-rows.js';
import { quantity } from '../../src/sandbox/inventory/moves.js';

describe('a quantity to move or send', () => {
  it('is a whole number from 1 to 999999999', () => {
    expect(positiveQuantity('999999999')).toBe(999_999_999);
    expect(positiveQuantity('1')).toBe(1);
    for (const text of ['1000000000', '0', '000000000', '-1', '1.5', '1e3', ''])
      expect(positiveQuantity(text), text).toBeUndefined();
  });

  it('a batch row of 999999999 parses; one of 1000000000 is refused naming the rule', () => {
    const row = (q: string) => parseMoveRow(2, { msku: 'M-1', quantity: q, from: '1', to: '2' });
    expect(row('999999999')).toMatchObject({ row: { quantity: 999_999_999 } });
    expect(row('1000000000')).toEqual({
      problem: 'quantity: must be a whole number from 1 to 999999999 (got "1000000000")',
    });
  });

  it('the sandbox takes up to 1000000000 and refuses one more', () => {
    expect(quantity.safeParse(1_000_000_000).success).toBe(true);
    expect(quantity.safeParse('1000000000').success).toBe(true);
    expect(quantity.safeParse(1_000_000_001).success).toBe(false);
    expect(quantity.safeParse('1000000001').success).toBe(false);
  });
});
