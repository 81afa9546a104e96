import { describe, expect, it } from 'vitest';
import * as list from '../../../src/commands/shipments/list.js';
import * as show from '../../../src/commands/shipments/show.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

describe('shipments list options', () => {
  it('is whether only open shipments are listed', () => {
    expect(parseArgv(list, [])).toBe(false);
    expect(parseArgv(list, ['--open'])).toBe(true);
  });
});

describe('shipments show options', () => {
  it('is the shipment id, trimmed, without labels by default', () => {
    expect(parseArgv(show, [' FBA10000001 '])).toEqual({ id: 'FBA10000001', labels: undefined });
  });

  it('labels as a PDF on avery-5160 by default, as ZPL on a thermal roll for a .zpl file', () => {
    const pdf = parseArgv(show, ['FBA1', '--labels', 'FBA1.pdf']).labels!;
    expect([pdf.format, pdf.layout.name, pdf.start, pdf.out]).toEqual(['pdf', 'avery-5160', 1, 'FBA1.pdf']);
    const zpl = parseArgv(show, ['FBA1', '--labels', 'FBA1.ZPL']).labels!;
    expect([zpl.format, zpl.layout.name]).toEqual(['zpl', 'thermal-2.25x1.25']);
    const a4 = parseArgv(show, ['FBA1', '--labels', 'x.pdf', '--labels-layout', 'a4-24']).labels!;
    expect(a4.layout.name).toBe('a4-24');
  });

  it('does not look at the file system: an unwritable --labels is the run’s to refuse', () => {
    expect(parseArgv(show, ['FBA1', '--labels', '/no/such/dir/x.pdf']).labels!.out).toBe('/no/such/dir/x.pdf');
  });

  it('refuses --labels-layout without --labels, and a layout that is not one', () => {
    expect(usageError(show, ['FBA1', '--labels-layout', 'a4-24']).message).toBe(
      '--labels-layout goes with --labels FILE',
    );
    expect(parseError(show, ['FBA1', '--labels', 'x.pdf', '--labels-layout', 'nope'])).toMatch(
      /^--labels-layout "nope" must be one of avery-5160, a4-24, /,
    );
  });

  it('refuses ZPL on a sheet and a PDF to stdout', () => {
    expect(parseError(show, ['FBA1', '--labels', 'x.zpl', '--labels-layout', 'a4-24'])).toBe(
      '--labels-layout a4-24 is a sheet: ZPL is for thermal rolls (thermal-2.25x1.25 or thermal-2x1)',
    );
    expect(parseError(show, ['FBA1', '--labels', '-'])).toBe(
      '--labels FILE.pdf is needed for a PDF (ZPL can go to stdout)',
    );
  });
});
