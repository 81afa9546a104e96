import { describe, expect, it } from 'vitest';
import * as move from '../../../src/commands/move.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv move MSKU QTY (one move)', () => {
  it('reads the item, the quantity and the locations as given (names are found in run)', () => {
    expect(parseArgv(move, ['MUG-BLUE-11OZ', '10', '--from', 'Shelf A1', '--to', '2'])).toEqual({
      kind: 'one',
      msku: 'MUG-BLUE-11OZ',
      quantity: 10,
      from: 'Shelf A1',
      fromPurchase: undefined,
      to: '2',
    });
  });

  it('receives from a purchase', () => {
    expect(parseArgv(move, ['LAMP-DESK-LED', '7', '--from-purchase', '5001', '--to', 'Shelf A2'])).toMatchObject({
      kind: 'one',
      from: undefined,
      fromPurchase: '5001',
    });
  });

  it('leaves --from and --to to ask for when they are not given', () => {
    expect(parseArgv(move, ['MUG-BLUE-11OZ', '1'])).toMatchObject({ from: undefined, to: undefined });
  });

  // 0 and 2.5, with the next test's --from beside --from-purchase: moved from test/e2e/moves.test.ts
  // "checks quantity and from flags in the CLI before sending".
  it.each([['0'], ['2.5'], ['-1'], ['ten'], ['1000000000']])('refuses the quantity %s, naming the rule', (q) => {
    expect(parseError(move, ['MUG-BLUE-11OZ', q, '--from', '1', '--to', '2'])).toBe(
      `quantity "${q}" must be a whole number from 1 to 999999999`,
    );
  });

  it('takes the largest quantity, 999999999', () => {
    expect(parseArgv(move, ['MUG-BLUE-11OZ', '999999999', '--from', '1', '--to', '2'])).toMatchObject({
      quantity: 999_999_999,
    });
  });

  it('refuses --from with --from-purchase, and a purchase id that is not digits', () => {
    expect(parseError(move, ['MUG-BLUE-11OZ', '1', '--from', '1', '--from-purchase', '5001', '--to', '2'])).toBe(
      'give --from or --from-purchase, not both',
    );
    expect(parseError(move, ['MUG-BLUE-11OZ', '1', '--from-purchase', 'PO-1', '--to', '2'])).toBe(
      '--from-purchase "PO-1" must be a purchase id (digits)',
    );
  });

  it('refuses an empty msku and one over 80 characters', () => {
    expect(parseError(move, [' ', '1', '--from', '1', '--to', '2'])).toBe('msku: must not be empty');
    expect(parseError(move, ['M'.repeat(81), '1', '--from', '1', '--to', '2'])).toMatch(/at most 80 characters/);
  });

  it('needs the msku and the quantity (or --file)', () => {
    expect(parseError(move, ['--from', '1', '--to', '2'])).toBe('give MSKU and QUANTITY (or --file for a batch)');
    expect(parseError(move, ['MUG-BLUE-11OZ', '--from', '1', '--to', '2'])).toBe(
      'give MSKU and QUANTITY (or --file for a batch)',
    );
  });

  it.each([
    ['--dry-run'],
    ['--retry-in-doubt'],
    ['--batch', 'b'],
    ['--again'],
    ['--encoding', 'latin1'],
    ['--delimiter', ';'],
  ])('refuses the batch flag %s without --file', (...flag) => {
    expect(parseError(move, ['MUG-BLUE-11OZ', '1', '--from', '1', '--to', '2', ...flag])).toBe(
      '--dry-run, --retry-in-doubt, --batch, --again, --encoding and --delimiter go with --file',
    );
  });
});

describe('inv move --file (a batch)', () => {
  it('is a batch request with the defaults: 8 in flight, UTF-8, format and delimiter found from the input', () => {
    expect(parseArgv(move, ['--file', 'moves.csv'])).toEqual({
      kind: 'batch',
      request: {
        file: 'moves.csv',
        format: undefined,
        encoding: 'utf-8',
        delimiter: undefined,
        name: undefined,
        retryInDoubt: false,
        again: false,
        concurrency: 8,
        dryRun: false,
      },
    });
  });

  it('reads every batch flag', () => {
    const argv = [
      '--file',
      '-',
      '--format',
      'ndjson',
      '--encoding',
      'cp1252',
      '--delimiter',
      'tab',
      '--batch',
      'nightly',
    ];
    expect(parseArgv(move, [...argv, '--again', '--retry-in-doubt', '--dry-run', '--concurrency', '64'])).toEqual({
      kind: 'batch',
      request: {
        file: '-',
        format: 'ndjson',
        encoding: 'windows-1252',
        delimiter: 'tab',
        name: 'nightly',
        retryInDoubt: true,
        again: true,
        concurrency: 64,
        dryRun: true,
      },
    });
  });

  it.each([
    [['MUG-BLUE-11OZ']],
    [['MUG-BLUE-11OZ', '1']],
    [['--from', '1']],
    [['--to', '2']],
    [['--from-purchase', '5001']],
  ])('refuses moves given beside the file: %j', (argv) => {
    expect(parseError(move, ['--file', 'moves.csv', ...argv])).toBe(
      '--file runs a batch: give the moves in the file, not as arguments',
    );
  });

  it.each([['0'], ['65'], ['four'], ['1.5']])('refuses --concurrency %s, naming the range', (n) => {
    expect(parseError(move, ['--file', 'moves.csv', '--concurrency', n])).toBe(
      `--concurrency "${n}" must be a whole number from 1 to 64`,
    );
  });

  it('leaves --format and --delimiter to the engine, which refuses them with the --json summary', () => {
    expect(parseArgv(move, ['--file', 'moves.csv', '--format', 'xlsx', '--delimiter', '||'])).toMatchObject({
      kind: 'batch',
      request: { format: 'xlsx', delimiter: '||' },
    });
  });

  it('refuses an --encoding it cannot read', () => {
    expect(parseError(move, ['--file', 'moves.csv', '--encoding', 'utf-16'])).toBe(
      '--encoding "utf-16" must be one of utf-8, windows-1252, latin1',
    );
  });

  it("checks each option's value as it is read (its declaration), then how the options go together", () => {
    expect(parseError(move, ['--file', 'moves.csv', 'M-1', '--concurrency', '0'])).toBe(
      '--concurrency "0" must be a whole number from 1 to 64',
    );
    expect(parseError(move, ['--file', 'moves.csv', 'M-1', '--concurrency', '4'])).toMatch(/--file runs a batch/);
  });
});
