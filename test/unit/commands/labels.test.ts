import { describe, expect, it } from 'vitest';
import * as label from '../../../src/commands/label.js';
import * as labels from '../../../src/commands/labels.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv label options', () => {
  it('reads the item, the fnsku, the size and what to do with the label', () => {
    expect(parseArgv(label, ['MUG-BLUE-11OZ', 'X000BB05CA', '--out', 'mug.png', '--width', '400'])).toEqual({
      msku: 'MUG-BLUE-11OZ',
      fnsku: 'X000BB05CA',
      size: { width: 400, height: undefined },
      out: 'mug.png',
      open: false,
      url: false,
    });
    expect(parseArgv(label, ['M-1', 'X000BB05CA', '--open', '--url', '--height', '50'])).toMatchObject({
      size: { width: undefined, height: 50 },
      open: true,
      url: true,
    });
  });

  it.each([['nope'], ['x000bb05ca'], ['X000BB05C'], ['A000BB05CA']])(
    'refuses the fnsku %s, naming the rule',
    (fnsku) => {
      expect(parseError(label, ['MUG-BLUE-11OZ', fnsku])).toBe(
        `fnsku "${fnsku}" must look like X000ABC123 (10 letters or digits, starting X0)`,
      );
    },
  );

  it.each([
    ['--width', '49'],
    ['--width', '4001'],
    ['--height', 'tall'],
  ])('refuses %s %s, naming the range in pixels', (flag, value) => {
    expect(parseError(label, ['M-1', 'X000BB05CA', flag, value])).toBe(
      `${flag} "${value}" must be a whole number of pixels from 50 to 4000`,
    );
  });

  it('checks the msku before the fnsku', () => {
    expect(parseError(label, ['', 'nope'])).toBe('msku: must not be empty');
  });
});

describe('inv labels options', () => {
  const ITEM = ['MUG-BLUE-11OZ', 'X000ABC123'];

  it('reads the item, the fnsku and the count; a PDF on Avery 5160 from position 1 by default', () => {
    const options = parseArgv(labels, [...ITEM, '--count', '24', '--out', 'mug.pdf']);
    expect(options.source).toEqual({ msku: 'MUG-BLUE-11OZ', fnsku: 'X000ABC123', count: 24 });
    expect(options.output(false)).toMatchObject({
      format: 'pdf',
      layout: { name: 'avery-5160' },
      start: 1,
      out: 'mug.pdf',
    });
  });

  it('-o zpl (read by run) makes ZPL on a 2.25x1.25 roll, to stdout; --format pdf overrides it', () => {
    const options = parseArgv(labels, [...ITEM, '--count', '2']);
    expect(options.output(true)).toMatchObject({
      format: 'zpl',
      layout: { name: 'thermal-2.25x1.25' },
      out: undefined,
    });
    const pdf = parseArgv(labels, [...ITEM, '--count', '2', '--format', 'pdf', '--out', 'x.pdf']);
    expect(pdf.output(true)).toMatchObject({ format: 'pdf' });
  });

  it('--start on a sheet, and a .zpl file as ZPL', () => {
    const argv = [...ITEM, '--count', '3', '--layout', 'a4-24', '--start', '24', '--out', 'x.pdf'];
    expect(parseArgv(labels, argv).output(false)).toMatchObject({ layout: { name: 'a4-24' }, start: 24 });
    expect(parseArgv(labels, [...ITEM, '--count', '1', '--out', 'roll.zpl']).output(false)).toMatchObject({
      format: 'zpl',
    });
  });

  it('takes the items and counts of a saved send-to-fba result with --from', () => {
    expect(parseArgv(labels, ['--from', 'sent.json', '--out', 'sent.pdf']).source).toEqual({ file: 'sent.json' });
  });

  // Moved from test/e2e/labels.test.ts "bad input: refuses %s (exit 2, nothing sent)" (the malformed fnsku stays there too,
  // as the check that a parse error exits 2 with nothing sent).
  it.each([
    [
      'a malformed fnsku',
      ['MUG-BLUE-11OZ', 'x000abc', '--count', '1'],
      /fnsku "x000abc" must be 10 capital letters or digits/,
    ],
    ['no count', [...ITEM, '--out', 'x.pdf'], /--count is required/],
    ['a zero count', [...ITEM, '--count', '0'], /--count "0" must be a whole number of labels from 1 to 100000/],
    ['--from with a count', ['--from', 'x.json', '--count', '2'], /--from takes the items and counts from the file/],
    ['--from with an item', ['--from', 'x.json', 'MUG-BLUE-11OZ'], /--from takes the items and counts from the file/],
    ['no item', ['--count', '2'], /give the msku and fnsku to label \(or --from a saved send-to-fba result\)/],
  ])('refuses %s', (_name, argv, message) => {
    expect(parseError(labels, argv)).toMatch(message);
  });

  // Moved from test/e2e/labels.test.ts "bad input": the format and layout rules, with and without -o zpl.
  it.each([
    [
      'a start past the sheet',
      ['--start', '31', '--out', 'x.pdf'],
      false,
      /--start "31" must be a label position from 1 to 30 on avery-5160/,
    ],
    [
      'a start on a roll',
      ['--layout', 'thermal-2x1', '--start', '2', '--out', 'x.pdf'],
      false,
      /--start is for sheet layouts/,
    ],
    ['ZPL on a sheet', ['--layout', 'a4-24'], true, /ZPL is for thermal rolls/],
    ['a PDF without a file', [], false, /--out FILE.pdf is needed/],
  ])('refuses %s', (_name, argv, zpl, message) => {
    const options = parseArgv(labels, [...ITEM, '--count', '1', ...argv]);
    expect(() => options.output(zpl)).toThrow(message);
  });

  it.each([
    [['--layout', 'avery-5163', '--out', 'x.pdf'], /^--layout "avery-5163" must be one of avery-5160, a4-24/],
    [['--format', 'png'], /^--format "png" must be pdf or zpl$/],
  ])('refuses %j as it reads it (the option declares its values)', (argv, message) => {
    expect(parseError(labels, [...ITEM, '--count', '1', ...argv])).toMatch(message);
  });

  it('leaves the --out file alone: whether it can be written is checked by run', () => {
    const options = parseArgv(labels, [...ITEM, '--count', '1', '--out', '/no/such/directory/x.pdf']);
    expect(options.output(false)).toMatchObject({ out: '/no/such/directory/x.pdf' });
  });
});
