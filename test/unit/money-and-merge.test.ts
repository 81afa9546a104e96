/** Decimal-comma recognition and the import's merge of a row into an existing item. */
import { describe, expect, it } from 'vitest';
import { itemChanges } from '../../src/api/item-merge.js';
import { amountOf } from '../../src/cli/option-numbers.js';
import { parseCost } from '../../src/scout/scan-line.js';
import { decimalCommaHint, holdsDecimalComma, parsePrice, readMoney, withoutThousands } from '../../src/util/money.js';

describe('decimal commas', () => {
  it('reads "19,99", "$4,5" as one amount with a decimal comma, and gives the point form', () => {
    expect(decimalCommaHint('19,99')).toBe('write 19.99');
    expect(decimalCommaHint(' $4,5 ')).toBe('write $4.50');
    expect(decimalCommaHint('19.99')).toBeUndefined();
    expect(decimalCommaHint('1,234')).toBeUndefined();
  });

  it('finds one in a list of prices, but not in "14.99,19.99" or "10,20,30"', () => {
    expect(holdsDecimalComma('19,99')).toBe('write 19.99');
    expect(holdsDecimalComma('9.99 19,99')).toBe('write 19.99');
    expect(holdsDecimalComma('14.99,19.99')).toBeUndefined();
    expect(holdsDecimalComma('10,20,30')).toBeUndefined();
    expect(holdsDecimalComma('14.99 19.99')).toBeUndefined();
  });
});

describe('thousands separators', () => {
  it('are read in groups of three only', () => {
    expect(withoutThousands('1,999')).toBe('1999');
    expect(withoutThousands(' $12,345.50 ')).toBe('$12345.50');
    expect(withoutThousands('1,234,567')).toBe('1234567');
    for (const other of ['19,99', '1,9999', '14.99,19.99', '1999', ',999', '1,999,5'])
      expect(withoutThousands(other)).toBeUndefined();
  });
});

describe('one money rule for prices, costs and amounts', () => {
  const price = (t: string) => {
    try {
      return parsePrice(t, '--cost-test');
    } catch {
      return undefined;
    }
  };
  const amount = (t: string) => {
    try {
      return amountOf(t, '--cost', 1_000_000);
    } catch {
      return undefined;
    }
  };
  it.each([
    ['1,999', 1999],
    ['$1,999.50', 1999.5],
    ['4.5', 4.5],
    ['$4', 4],
  ])('%s is %d wherever money is typed', (text, value) => {
    expect([price(text), parseCost(text), amount(text)]).toEqual([value, value, value]);
  });

  it.each(['19,99', '1,99,9', '14.99,19.99', '4.55555', 'four', '-4', ''])(
    '%j is refused wherever money is typed',
    (text) => {
      expect([price(text), parseCost(text), amount(text)]).toEqual([undefined, undefined, undefined]);
    },
  );

  it('a cost may have four decimals (a share of a lot), a price two', () => {
    expect([price('4.555'), parseCost('4.555'), amount('4.555')]).toEqual([undefined, 4.555, 4.555]);
  });

  it('says why: a decimal comma (with its point form), another comma, or no number', () => {
    expect(readMoney('19,99', 2)).toEqual({ why: 'decimal-comma', hint: 'write 19.99' });
    expect(readMoney('1,99,9', 2)).toEqual({ why: 'comma' });
    expect(readMoney('4.555', 2)).toEqual({ why: 'not-a-number' });
    expect(readMoney('4.555', 4)).toEqual({ value: 4.555 });
  });
});

describe('itemChanges', () => {
  const existing = {
    msku: 'A',
    title: 'Mug',
    cond: 'new',
    value: '10.50',
    notes: 'Dishwasher safe',
    attributes: [{ name: 'color', value: 'blue' }],
  };

  it('names only the fields the row has that differ; numbers compare by value', () => {
    expect(itemChanges(existing, { msku: 'A', title: 'Mug', value: 10.5 }, [])).toEqual({});
    expect(itemChanges(existing, { msku: 'A', title: 'Blue mug' }, [])).toEqual({ title: 'Blue mug' });
    expect(itemChanges(existing, { msku: 'A', notes: null }, [])).toEqual({ notes: null });
  });

  it('merges attr.NAME columns by name; an empty one removes the attribute', () => {
    expect(itemChanges(existing, { msku: 'A' }, [{ name: 'size', value: 'L' }])).toEqual({
      attributes: [
        { name: 'color', value: 'blue' },
        { name: 'size', value: 'L' },
      ],
    });
    expect(itemChanges(existing, { msku: 'A' }, [{ name: 'color', value: '' }])).toEqual({ attributes: [] });
    expect(itemChanges(existing, { msku: 'A' }, [{ name: 'color', value: 'blue' }])).toEqual({});
  });
});
