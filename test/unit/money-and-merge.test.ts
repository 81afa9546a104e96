/** Decimal-comma recognition and the import's merge of a row into an existing item. */
import { describe, expect, it } from 'vitest';
import { itemChanges } from '../../src/api/item-merge.js';
import { decimalCommaHint, holdsDecimalComma, withoutThousands } from '../../src/util/money.js';

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
