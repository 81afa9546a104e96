import { describe, expect, it } from 'vitest';
import * as pack from '../../../src/commands/pack.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

const FILES = ['--file', 'contents.csv', '--boxes', 'boxes.csv'];

describe('inv pack options', () => {
  it('reads the shipment (trimmed), the files and the allowances; imperial units by default', () => {
    const options = parseArgv(pack, [' FBA10000001 ', ...FILES, '--partial', '--ship-from', 'Acme|1 Main St']);
    expect(options).toMatchObject({
      shipment: 'FBA10000001',
      units: 'imperial',
      partial: true,
      oversize: false,
      files: { file: 'contents.csv', boxes: 'boxes.csv' },
      shipFrom: 'Acme|1 Main St',
    });
    expect(parseArgv(pack, ['FBA10000001', '--units', 'metric', '--oversize'])).toMatchObject({
      units: 'metric',
      oversize: true,
      files: undefined,
    });
  });

  it('refuses units other than imperial or metric', () => {
    expect(parseError(pack, ['FBA10000001', '--units', 'kg'])).toBe('--units "kg" must be imperial or metric');
  });

  it('takes the contents and the boxes together, or neither (scan mode)', () => {
    expect(parseError(pack, ['FBA10000001', '--boxes', 'boxes.csv'])).toBe('--boxes goes with --file CONTENTS.csv');
    expect(parseError(pack, ['FBA10000001', '--file', 'contents.csv'])).toBe(
      '--file needs --boxes BOXES.csv: the weight and sides of each box',
    );
  });

  it('takes --delimiter for both files, and only with them', () => {
    expect(parseArgv(pack, ['FBA10000001', ...FILES, '--delimiter', ';'])).toMatchObject({
      files: { file: 'contents.csv', boxes: 'boxes.csv', delimiter: ';' },
    });
    expect(parseError(pack, ['FBA10000001', '--delimiter', ';'])).toBe('--delimiter goes with --file');
  });

  it('needs the shipment', () => {
    expect(parseError(pack, FILES)).toMatch(/missing required argument 'shipmentId'/);
  });
});

describe('inv pack outputs (-o zpl is read by run)', () => {
  const outputs = (argv: string[], zpl = false) => parseArgv(pack, ['FBA10000001', ...FILES, ...argv]).outputs(zpl);

  it('carton labels as a 4x6 PDF by default, ZPL for a .zpl file or -o zpl; the pack list as given', () => {
    expect(outputs(['--labels', 'cartons.pdf', '--pack-list', 'list.tsv'])).toEqual({
      labels: { format: 'pdf', layout: '4x6', out: 'cartons.pdf' },
      packList: 'list.tsv',
    });
    expect(outputs(['--labels', 'cartons.zpl'])).toMatchObject({ labels: { format: 'zpl' } });
    expect(outputs(['--labels', '-'], true)).toMatchObject({ labels: { format: 'zpl', out: '-' } });
    expect(outputs(['--labels', 'c.pdf', '--layout', 'letter-2up'])).toMatchObject({
      labels: { layout: 'letter-2up' },
    });
    expect(outputs([])).toEqual({ labels: undefined, packList: undefined });
  });

  it.each([
    ['a layout without labels', ['--layout', '4x6'], false, '--layout goes with --labels FILE'],
    ['ZPL on a sheet', ['--labels', 'c.zpl', '--layout', 'letter-2up'], false, /letter-2up is a sheet: ZPL is for 4x6/],
    ['-o zpl without labels', [], true, /^-o zpl is the format of --labels FILE/],
    ['a PDF to stdout', ['--labels', '-'], false, /^--labels FILE.pdf is needed for a PDF/],
    ['a pack list to stdout', ['--pack-list', '-'], false, '--pack-list needs a FILE: stdout carries the boxes'],
  ])('refuses %s', (_name, argv, zpl, message) => {
    expect(() => outputs(argv, zpl)).toThrow(message);
  });

  it('refuses an unknown layout as it reads it (the option declares its values)', () => {
    expect(parseError(pack, ['FBA10000001', '--labels', 'c.pdf', '--layout', 'a6'])).toBe(
      '--layout "a6" must be 4x6 or letter-2up',
    );
  });
});
