import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseAsin, parseCategoryId, parseProductCode } from '../../src/commands/shared/research-input.js';
import { parsePriceList } from '../../src/util/money.js';
import { searchQuery } from '../../src/commands/search.js';

describe('research input', () => {
  it('accepts ASINs of 10 letters or digits, upper-cased', () => {
    expect(parseAsin('b00x4whp5e')).toBe('B00X4WHP5E');
    expect(parseAsin('0316769487')).toBe('0316769487');
  });

  it.each(['B00', 'B00X4WHP5E1', 'B00X4WHP5-', '', 'B00X 4WHP5'])('rejects the ASIN %j, naming the rule', (bad) => {
    expect(() => parseAsin(bad)).toThrow(UsageError);
    expect(() => parseAsin(bad)).toThrow(/10 letters or digits/);
  });

  it('parses price lists and rejects bad prices with the flag named', () => {
    expect(parsePriceList('9.99  14.99 9.99')).toEqual([9.99, 14.99]);
    expect(parsePriceList('1,999.00 1,999')).toEqual([1999]);
    expect(parsePriceList('$5')).toEqual([5]);
    for (const bad of ['0', '-1', 'abc', '1.999', ',']) expect(() => parsePriceList(bad)).toThrow(/--price/);
  });

  it('checks UPC, EAN and category ids', () => {
    expect(parseProductCode('012345678905', 'upc')).toBe('012345678905');
    expect(() => parseProductCode('12345', 'upc')).toThrow(/12 digits/);
    expect(() => parseProductCode('012345678905', 'ean')).toThrow(/13 digits/);
    expect(() => parseCategoryId('abc')).toThrow(/--id/);
  });

  it('needs exactly one search criterion', () => {
    expect(searchQuery('cable', {})).toEqual({ keyword: 'cable' });
    expect(searchQuery(undefined, { upc: '012345678905' })).toEqual({ upc: '012345678905' });
    expect(() => searchQuery(undefined, {})).toThrow(/exactly one/);
    expect(() => searchQuery('cable', { asin: 'B00X4WHP5E' })).toThrow(/KEYWORD and --asin/);
  });
});
