import { describe, expect, it } from 'vitest';
import * as categories from '../../../src/commands/categories.js';
import * as itemLookup from '../../../src/commands/item-lookup.js';
import * as itemSearch from '../../../src/commands/item-search.js';
import * as item from '../../../src/commands/item.js';
import * as lookup from '../../../src/commands/lookup.js';
import * as offers from '../../../src/commands/offers.js';
import * as search from '../../../src/commands/search.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

const A = 'B00X4WHP5E';

describe('inv offers options', () => {
  it('are the ASINs upper-cased, in the pretty format with the product advertising extras by default', () => {
    expect(parseArgv(offers, ['b00x4whp5e', 'B07FZ8S74R'])).toEqual({
      asins: [A, 'B07FZ8S74R'],
      nopaapi: false,
      format: 'pretty',
    });
  });

  it('take --nopaapi and a format', () => {
    expect(parseArgv(offers, [A, '--nopaapi', '--format', 'bettermws_sphp'])).toEqual({
      asins: [A],
      nopaapi: true,
      format: 'bettermws_sphp',
    });
  });

  it('refuse a bad ASIN among them, naming it', () => {
    expect(parseError(offers, [A, 'nope!'])).toMatch(
      /^ASIN "nope!" is not a valid ASIN: it must be 10 letters or digits/,
    );
  });

  it('refuse a format the API does not have', () => {
    expect(parseError(offers, [A, '--format', 'xml'])).toMatch(
      /^--format "xml" must be one of pretty, bettermws_json, bettermws_sphp$/,
    );
  });
});

describe('inv categories options', () => {
  it('are an ASIN, or a category id', () => {
    expect(parseArgv(categories, ['0316769487'])).toEqual({ asin: '0316769487' });
    expect(parseArgv(categories, ['--id', ' 283155 '])).toEqual({ id: '283155' });
  });

  it.each([[[]], [[A, '--id', '283155']]])('need exactly one of them (%j)', (args) => {
    expect(parseError(categories, args)).toBe('categories needs exactly one of ASIN or --id');
  });

  it('refuse a category id that is not digits, and a bad ASIN', () => {
    expect(parseError(categories, ['--id', '28x'])).toBe(
      '--id "28x" is not a valid category id: it must be digits (e.g. 283155)',
    );
    expect(parseError(categories, ['B00'])).toMatch(/^ASIN "B00" is not a valid ASIN/);
  });
});

describe('inv search options', () => {
  it('are one query: a keyword trimmed, or an ASIN, UPC, EAN or ISBN', () => {
    expect(parseArgv(search, ['  usb cable '])).toEqual({ keyword: 'usb cable' });
    expect(parseArgv(search, ['--asin', 'b00x4whp5e'])).toEqual({ asin: A });
    expect(parseArgv(search, ['--upc', '012345678905'])).toEqual({ upc: '012345678905' });
    expect(parseArgv(search, ['--ean', '4006381333931'])).toEqual({ ean: '4006381333931' });
    expect(parseArgv(search, ['--isbn', '978-0-316-76948-8'])).toEqual({ isbn: '9780316769488' });
  });

  it.each([
    [[], 'nothing was given'],
    [['cable', '--upc', '012345678905'], 'got KEYWORD and --upc'],
  ])('needs exactly one of them (%j)', (args, what) => {
    expect(parseError(search, args)).toBe(
      `search needs exactly one of KEYWORD, --asin, --upc, --ean, --isbn (${what})`,
    );
  });

  it.each([
    [['--isbn', '9780316769489'], /--isbn "9780316769489" is not a valid ISBN-13: its check digit should be 8/],
    [['--isbn', '0316769488'], /--isbn "0316769488" is not a valid ISBN-10: its check digit should be 7/],
    [['--upc', '012345678906'], /--upc "012345678906" is not a valid UPC: its check digit should be 5/],
    [['--ean', '4006381333932'], /--ean "4006381333932" is not a valid EAN: its check digit should be 1/],
    [['--asin', 'B00'], /--asin "B00" is not a valid ASIN/],
    [['   '], /KEYWORD must be 1 to 200 characters/],
  ])('checks the code %j, naming the flag and the rule', (args, message) => {
    expect(parseError(search, args)).toMatch(message);
  });
});

describe.each([
  ['item', item],
  ['item-lookup', itemLookup],
])('inv %s options', (_name, module) => {
  it('are the ASIN, upper-cased', () => {
    expect(parseArgv(module, [' b00x4whp5e'])).toBe(A);
  });

  it('refuse a bad ASIN and need one', () => {
    expect(parseError(module, ['B00X4WHP5'])).toMatch(/^ASIN "B00X4WHP5" is not a valid ASIN/);
    expect(parseError(module, [])).toMatch(/missing required argument 'asin'/);
  });
});

describe('inv item-search options', () => {
  it('are the keywords joined, page 1 of the Blended index by default', () => {
    expect(parseArgv(itemSearch, ['fish', 'eye', 'art'])).toEqual({
      keywords: 'fish eye art',
      page: 1,
      index: 'Blended',
    });
  });

  it('take --page and --index', () => {
    expect(parseArgv(itemSearch, ['usb', '--page', '10', '--index', 'Electronics'])).toEqual({
      keywords: 'usb',
      page: 10,
      index: 'Electronics',
    });
  });

  it.each([
    [['usb', '--page', '11'], '--page "11" must be a whole number from 1 to 10'],
    [['usb', '--page', '0'], '--page "0" must be a whole number from 1 to 10'],
    [
      ['usb', '--index', 'Toys & Games'],
      '--index "Toys & Games" must be a search index name of letters (e.g. Blended, Books)',
    ],
    [[' '], 'KEYWORDS must be 1 to 200 characters'],
    [['x'.repeat(201)], 'KEYWORDS must be 1 to 200 characters'],
  ])('refuse %j', (args, message) => {
    expect(parseError(itemSearch, args)).toBe(message);
  });
});

describe('inv lookup options', () => {
  it('are the ASIN, the ids (else the profile or the US marketplace at run) and the format', () => {
    expect(parseArgv(lookup, ['b00x4whp5e'])).toEqual({
      asin: A,
      merchantId: undefined,
      marketplaceId: undefined,
      format: undefined,
    });
    expect(
      parseArgv(lookup, [A, '--merchant-id', 'M1', '--marketplace-id', 'ATVPDKIKX0DER', '--format', 'sphp']),
    ).toEqual({ asin: A, merchantId: 'M1', marketplaceId: 'ATVPDKIKX0DER', format: 'sphp' });
  });

  it('refuse a bad ASIN and an unknown format', () => {
    expect(parseError(lookup, ['B00'])).toMatch(/^ASIN "B00" is not a valid ASIN/);
    expect(parseError(lookup, [A, '--format', 'xml'])).toMatch(/^--format "xml" must be json or sphp$/);
  });
});
