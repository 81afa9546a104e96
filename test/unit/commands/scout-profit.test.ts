import { describe, expect, it } from 'vitest';
import * as profit from '../../../src/commands/profit.js';
import * as scout from '../../../src/commands/scout.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

const NONE = { cost: undefined, prep: undefined, inboundPerLb: undefined, taxRate: undefined };

describe.each([
  ['scout', scout, []],
  ['profit', profit, ['B07FZ8S74R']],
])('inv %s pricing and cost options', (_name, module, before: string[]) => {
  const parse = (...args: string[]) => parseArgv(module as typeof scout, [...before, ...args]);
  const error = (...args: string[]) => parseError(module as typeof scout, [...before, ...args]);

  it('sell at the buy box through FBA by default, the amounts left to the profile', () => {
    expect(parse()).toMatchObject({ at: 'buybox', channel: 'fba', amounts: NONE });
  });

  it('take the amounts as numbers, a leading $ and zero allowed', () => {
    expect(parse('--cost', '$4.50', '--prep', '0', '--inbound-per-lb', '0.4', '--tax-rate', '7.25').amounts).toEqual({
      cost: 4.5,
      prep: 0,
      inboundPerLb: 0.4,
      taxRate: 7.25,
    });
  });

  it.each([
    [['--cost', '4,50'], '--cost "4,50" reads like a decimal comma: amounts take a decimal point'],
    [['--cost', '-1'], '--cost "-1" must be a number from 0 to 1000000 (e.g. 4.50)'],
    [['--prep', '1000.01'], '--prep "1000.01" must be a number from 0 to 1000 (e.g. 4.50)'],
    [['--inbound-per-lb', 'x'], '--inbound-per-lb "x" must be a number from 0 to 1000 (e.g. 4.50)'],
    [['--tax-rate', '101'], '--tax-rate "101" must be a number from 0 to 100 (e.g. 4.50)'],
  ])('refuse %j, naming the flag and the rule', (args, message) => {
    expect(error(...args)).toBe(message);
  });

  it('sell at a named price rule or a price', () => {
    expect(parse('--at', 'lowest-fba').at).toBe('lowest-fba');
    expect(parse('--at', '5.00').at).toEqual({ fixed: 5 });
    expect(error('--at', 'cheap')).toMatch(/^--at "cheap" is not a valid price/);
    expect(error('--at', '5,00')).toMatch(/^--at "5,00" reads like a decimal comma/);
  });

  it('take the merchant channel and refuse others', () => {
    expect(parse('--channel', 'mfn').channel).toBe('mfn');
    expect(error('--channel', 'ups')).toMatch(/^--channel "ups" must be fba or mfn$/);
  });
});

describe('inv scout options', () => {
  it('scan with 8 rows in flight, buy-list rows named {asin}-{cond} of new items, answers kept 1 h', () => {
    expect(parseArgv(scout, [])).toMatchObject({
      file: undefined,
      maxAgeMs: 3_600_000,
      refresh: false,
      concurrency: 8,
      mskuTemplate: '{asin}-{cond}',
      cond: 'new',
      buyList: undefined,
      delimiter: undefined,
    });
  });

  it('take a manifest with its delimiter, --max-age, --refresh and --concurrency', () => {
    expect(
      parseArgv(scout, ['--file', 'm.csv', '--delimiter', ';', '--max-age', '15m', '--refresh', '--concurrency', '64']),
    ).toMatchObject({ file: 'm.csv', delimiter: ';', maxAgeMs: 900_000, refresh: true, concurrency: 64 });
    expect(parseArgv(scout, ['--file', 'm.csv', '--max-age', '0']).maxAgeMs).toBe(0);
    expect(parseArgv(scout, ['--file', 'm.csv', '--max-age', '2d']).maxAgeMs).toBe(172_800_000);
  });

  it('refuse a --max-age without a unit it knows', () => {
    expect(parseError(scout, ['--file', 'm.csv', '--max-age', 'soon'])).toBe(
      '--max-age "soon" must be a number with s, m, h or d (e.g. 30m, 1h, 2d; 0 asks everything)',
    );
  });

  it.each([['--max-age', '15m'], ['--refresh']])('refuse %s without --file', (...args) => {
    expect(parseError(scout, args)).toBe('--max-age and --refresh go with --file');
  });

  it('rank a manifest by line profit unless --sort says otherwise; write a report and open it when asked', () => {
    expect(parseArgv(scout, ['--file', 'm.csv'])).toMatchObject({ sort: 'profit', report: undefined, open: false });
    expect(
      parseArgv(scout, ['--file', 'm.csv', '--sort', 'unit-profit', '--report', 'r.html', '--open']),
    ).toMatchObject({ sort: 'unit-profit', report: 'r.html', open: true });
    expect(parseError(scout, ['--file', 'm.csv', '--sort', 'margin'])).toMatch(
      /^--sort "margin" must be one of profit, roi, rank, unit-profit$/,
    );
  });

  it.each([
    [['--sort', 'roi'], '--sort and --report go with --file'],
    [['--report', 'r.html'], '--sort and --report go with --file'],
    [['--file', 'm.csv', '--open'], '--open opens the report: give --report FILE.html too'],
  ])('refuse %j', (args, message) => {
    expect(parseError(scout, args)).toBe(message);
  });

  it('take a buy list and its msku template and condition', () => {
    expect(
      parseArgv(scout, ['--buy-list', 'buys.csv', '--msku-template', '{code}-{cond}', '--cond', 'used']),
    ).toMatchObject({ buyList: 'buys.csv', mskuTemplate: '{code}-{cond}', cond: 'used' });
  });

  it.each([
    [['--concurrency', '0'], '--concurrency "0" must be a whole number from 1 to 64'],
    [['--concurrency', '65'], '--concurrency "65" must be a whole number from 1 to 64'],
    [['--msku-template', '{asin},{cond}'], '--msku-template must be 1 to 80 characters without commas'],
    [['--msku-template', ''], '--msku-template must be 1 to 80 characters without commas'],
  ])('refuse %j', (args, message) => {
    expect(parseError(scout, args)).toBe(message);
  });
});

describe('inv profit options', () => {
  it('are the ASIN upper-cased; the cost may come from the profile', () => {
    expect(parseArgv(profit, ['b07fz8s74r', '--cost', '5'])).toEqual({
      asin: 'B07FZ8S74R',
      at: 'buybox',
      channel: 'fba',
      amounts: { ...NONE, cost: 5 },
    });
    expect(parseArgv(profit, ['B07FZ8S74R']).amounts.cost).toBeUndefined();
  });

  it('sell at --price over --at', () => {
    expect(parseArgv(profit, ['B07FZ8S74R', '--price', '24.99']).at).toEqual({ fixed: 24.99 });
    expect(parseArgv(profit, ['B07FZ8S74R', '--at', 'lowest', '--price', '20']).at).toEqual({ fixed: 20 });
  });

  it('refuse a bad --price and a bad ASIN', () => {
    expect(parseError(profit, ['B07FZ8S74R', '--price', '0'])).toMatch(/^--price "0" is not a valid price/);
    expect(parseError(profit, ['B07FZ8S7'])).toMatch(/^ASIN "B07FZ8S7" is not a valid ASIN/);
  });
});
