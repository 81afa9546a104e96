import { describe, expect, it } from 'vitest';
import * as create from '../../../src/commands/items/create.js';
import * as deactivate from '../../../src/commands/items/deactivate.js';
import * as get from '../../../src/commands/items/get.js';
import * as importItems from '../../../src/commands/items/import.js';
import * as replace from '../../../src/commands/items/replace.js';
import * as update from '../../../src/commands/items/update.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

const LONG = 'X'.repeat(81);

describe('items create options', () => {
  it('reads the msku and every item field from flags, --attr as name=value pairs', () => {
    const argv = ['--msku', 'NEW-1', '--title', 'New one', '--cond', 'new', '--inactive', 'n'];
    argv.push('--product-id', '012345678905', '--product-id-type', 'UPC', '--manufacturer', 'Acme', '--image', 'u');
    argv.push('--type', 'mug', '--notes', 'Fragile', '--value', '4.25', '--rank', '42', '--attr', 'color=red');
    expect(parseArgv(create, [...argv, '--attr', 'size=L'])).toEqual({
      file: undefined,
      overwrite: false,
      fields: {
        msku: 'NEW-1',
        title: 'New one',
        cond: 'new',
        inactive: 'n',
        productId: '012345678905',
        productIdType: 'UPC',
        manufacturer: 'Acme',
        image: 'u',
        type: 'mug',
        notes: 'Fragile',
        value: '4.25',
        rank: '42',
        attributes: [
          { name: 'color', value: 'red' },
          { name: 'size', value: 'L' },
        ],
      },
    });
  });

  it('leaves out the fields not given (msku, title and condition are asked for in the run)', () => {
    expect(parseArgv(create, [])).toEqual({ file: undefined, overwrite: false, fields: {} });
  });

  it('takes --file (read in the run) and --overwrite', () => {
    expect(parseArgv(create, ['--file', 'item.json', '--overwrite'])).toMatchObject({
      file: 'item.json',
      overwrite: true,
    });
  });

  it('refuses an --attr without a name, naming the flag and the form', () => {
    const error = usageError(create, ['--msku', 'A', '--attr', 'red']);
    expect(error.message).toBe('--attr "red" must look like name=value');
    expect(error.exitCode).toBe(2);
    expect(parseError(create, ['--attr', '=red'])).toBe('--attr "=red" must look like name=value');
  });

  it('refuses a --product-id-type or --inactive outside their lists, naming them', () => {
    expect(parseError(create, ['--product-id-type', 'GTIN'])).toMatch(
      /^--product-id-type "GTIN" must be one of UPC, EAN, ISBN, ASIN, INTERNAL$/,
    );
    expect(parseError(create, ['--inactive', 'maybe'])).toMatch(/^--inactive "maybe" must be y or n$/);
  });
});

describe('items get options', () => {
  it('is the msku', () => {
    expect(parseArgv(get, ['MUG-BLUE-11OZ'])).toBe('MUG-BLUE-11OZ');
  });

  it('refuses an empty msku or one over 80 characters, before any request', () => {
    expect(usageError(get, ['']).message).toBe('msku: must not be empty');
    expect(usageError(get, [LONG]).message).toBe('msku "XXXXXXXXXXXXXXXXXXXX…": must be at most 80 characters');
    expect(parseError(get, [])).toMatch(/missing required argument 'msku'/);
  });
});

describe('items update options', () => {
  it('reads the msku, the fields given and --attr', () => {
    expect(parseArgv(update, ['MUG', '--notes', 'Fragile', '--attr', 'size=L', '--replace-attrs'])).toEqual({
      msku: 'MUG',
      file: undefined,
      fields: { notes: 'Fragile', attributes: [{ name: 'size', value: 'L' }] },
      replaceAttrs: true,
    });
  });

  it('keeps an empty value of --attr (name= removes that attribute)', () => {
    expect(parseArgv(update, ['MUG', '--attr', 'color=']).fields.attributes).toEqual([{ name: 'color', value: '' }]);
  });

  it('refuses nothing to update, naming what to give', () => {
    expect(usageError(update, ['MUG']).message).toBe(
      'nothing to update: give at least one field flag (e.g. --title) or --file',
    );
  });

  it('leaves a --file alone for the run to read (it may hold the fields)', () => {
    expect(parseArgv(update, ['MUG', '--file', 'patch.json'])).toMatchObject({ file: 'patch.json', fields: {} });
  });

  it('refuses --replace-attrs without --attr', () => {
    expect(usageError(update, ['MUG', '--title', 'x', '--replace-attrs']).message).toBe(
      '--replace-attrs goes with --attr (the attributes to keep)',
    );
  });

  it('checks the msku first', () => {
    expect(parseError(update, [LONG, '--title', 'x'])).toMatch(/^msku "X{20}…": must be at most 80 characters/);
    expect(parseError(update, [''])).toBe('msku: must not be empty');
  });
});

describe('items replace options', () => {
  it('reads the msku, the fields and --file', () => {
    expect(parseArgv(replace, ['MUG', '--title', 'T', '--cond', 'good', '--file', 'mug.json'])).toEqual({
      msku: 'MUG',
      file: 'mug.json',
      fields: { title: 'T', cond: 'good' },
    });
  });

  it('refuses a bad msku or --attr', () => {
    expect(parseError(replace, [LONG])).toMatch(/at most 80 characters/);
    expect(parseError(replace, ['MUG', '--attr', 'x'])).toBe('--attr "x" must look like name=value');
  });
});

describe('items deactivate options', () => {
  it('is the msku', () => {
    expect(parseArgv(deactivate, ['PUZZLE-1000'])).toBe('PUZZLE-1000');
  });

  it('refuses an empty msku or one over 80 characters, like the other item verbs', () => {
    expect(usageError(deactivate, ['']).message).toBe('msku: must not be empty');
    expect(parseError(deactivate, [LONG])).toMatch(/at most 80 characters/);
  });
});

describe('items import options', () => {
  it('is a batch request over the file: concurrency 8, UTF-8, no replace, no dry run by default', () => {
    expect(parseArgv(importItems, ['items.csv'])).toEqual({
      file: 'items.csv',
      format: undefined,
      encoding: 'utf-8',
      delimiter: undefined,
      name: undefined,
      retryInDoubt: false,
      again: false,
      concurrency: 8,
      replace: false,
      dryRun: false,
    });
  });

  it('reads every flag', () => {
    const argv = ['-', '--format', 'csv', '--encoding', 'cp1252', '--delimiter', ';', '--batch', 'spring'];
    argv.push('--retry-in-doubt', '--again', '--concurrency', '2', '--replace', '--dry-run');
    expect(parseArgv(importItems, argv)).toEqual({
      file: '-',
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      name: 'spring',
      retryInDoubt: true,
      again: true,
      concurrency: 2,
      replace: true,
      dryRun: true,
    });
  });

  it('refuses a concurrency outside 1 to 64 and an unknown encoding', () => {
    expect(usageError(importItems, ['f.csv', '--concurrency', '0']).message).toBe(
      '--concurrency "0" must be a whole number from 1 to 64',
    );
    expect(parseError(importItems, ['f.csv', '--concurrency', '65'])).toMatch(/from 1 to 64/);
    expect(parseError(importItems, ['f.csv', '--encoding', 'ebcdic'])).toMatch(/^--encoding "ebcdic" must be one of /);
  });
});
