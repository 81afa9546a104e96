import { describe, expect, it } from 'vitest';
import * as plan from '../../../src/commands/plan.js';
import * as sendToFba from '../../../src/commands/send-to-fba.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv send-to-fba options', () => {
  it('reads the item, the quantity, the source, the venue and --open-labels', () => {
    expect(
      parseArgv(sendToFba, ['MUG-BLUE-11OZ', '24', '--from', 'Shelf A1', '--venue-id', '3', '--open-labels']),
    ).toEqual({
      msku: 'MUG-BLUE-11OZ',
      quantity: 24,
      from: 'Shelf A1',
      fromPurchase: undefined,
      venueId: '3',
      openLabels: true,
      labels: undefined,
    });
  });

  it('leaves --from to ask for when neither source is given', () => {
    expect(parseArgv(sendToFba, ['MUG-BLUE-11OZ', '1'])).toMatchObject({ from: undefined, fromPurchase: undefined });
  });

  it('refuses a quantity over 999999999, before anything else about it', () => {
    expect(parseError(sendToFba, ['MUG-BLUE-11OZ', '1000000000', '--from', '1'])).toBe(
      'quantity "1000000000" must be a whole number from 1 to 999999999',
    );
  });

  it('refuses both sources, a purchase id that is not digits, and a venue that is not a whole number', () => {
    expect(parseError(sendToFba, ['M-1', '1', '--from', '1', '--from-purchase', '5001'])).toBe(
      'give --from or --from-purchase, not both',
    );
    expect(parseError(sendToFba, ['M-1', '1', '--from-purchase', 'x'])).toBe(
      '--from-purchase "x" must be a purchase id (digits)',
    );
    expect(parseError(sendToFba, ['M-1', '1', '--from', '1', '--venue-id', 'EU'])).toBe(
      '--venue-id "EU" must be a whole number',
    );
  });

  it('--labels: a PDF on Avery 5160 by default, ZPL on a thermal roll for a .zpl file', () => {
    expect(parseArgv(sendToFba, ['M-1', '1', '--from', '1', '--labels', 'mug.pdf']).labels?.()).toMatchObject({
      format: 'pdf',
      layout: { name: 'avery-5160' },
      start: 1,
      out: 'mug.pdf',
    });
    const zpl = ['M-1', '1', '--from', '1', '--labels', 'mug.zpl', '--labels-layout', 'thermal-2x1'];
    expect(parseArgv(sendToFba, zpl).labels?.()).toMatchObject({ format: 'zpl', layout: { name: 'thermal-2x1' } });
  });

  it('refuses a bad --labels-layout, naming the flag (moved from e2e labels: bad input)', () => {
    const argv = ['MUG-BLUE-11OZ', '1', '--from', '1', '--labels', 'x.pdf', '--labels-layout', 'nope'];
    expect(parseError(sendToFba, argv)).toMatch(/^--labels-layout "nope" must be one of avery-5160, a4-24/);
    expect(parseError(sendToFba, ['M-1', '1', '--labels', 'x.zpl', '--labels-layout', 'a4-24'])).toMatch(
      /^--labels-layout a4-24 is a sheet: ZPL is for thermal rolls/,
    );
  });

  it('refuses --labels-layout without --labels', () => {
    expect(parseError(sendToFba, ['M-1', '1', '--from', '1', '--labels-layout', 'a4-24'])).toBe(
      '--labels-layout goes with --labels FILE (or --printer)',
    );
  });

  it('leaves the --labels file alone: whether it can be written is checked by run', () => {
    const argv = ['M-1', '1', '--from', '1', '--labels', '/no/such/directory/x.pdf'];
    expect(parseArgv(sendToFba, argv).labels?.()).toMatchObject({ out: '/no/such/directory/x.pdf' });
  });

  it('needs the item and the quantity', () => {
    expect(parseError(sendToFba, ['M-1'])).toMatch(/missing required argument 'quantity'/);
  });

  it('checks a --printer named on the command line before anything is sent; no --reprint (a send is always new units)', () => {
    const printer = parseArgv(sendToFba, ['M-1', '1', '--from', '1', '--printer', 'tcp://10.0.0.9']).labels?.();
    expect(printer).toMatchObject({ format: 'zpl', printer: { kind: 'tcp', host: '10.0.0.9', port: 9100 } });
    expect(parseError(sendToFba, ['M-1', '1', '--from', '1', '--printer', 'two words'])).toMatch(
      /^--printer: "two words" must be tcp:\/\/HOST\[:PORT\]/,
    );
    expect(parseError(sendToFba, ['M-1', '1', '--from', '1', '--printer', '--reprint'])).toBe(
      "error: unknown option '--reprint'",
    );
    expect(parseError(sendToFba, ['M-1', '1', '--labels', 'x.pdf', '--printer', 'zebra'])).toBe(
      'give --labels or --printer, not both',
    );
  });
});

describe('inv plan options', () => {
  it('reads the item, the quantity and the venue', () => {
    expect(parseArgv(plan, ['MUG-BLUE-11OZ', '60', '--venue-id', '2'])).toEqual({
      msku: 'MUG-BLUE-11OZ',
      quantity: 60,
      venueId: '2',
    });
    expect(parseArgv(plan, ['MUG-BLUE-11OZ', '60']).venueId).toBeUndefined();
  });

  it('refuses a quantity that is not a whole number from 1, and a venue that is not a whole number', () => {
    expect(parseError(plan, ['MUG-BLUE-11OZ', '0'])).toBe('quantity "0" must be a whole number from 1 to 999999999');
    expect(parseError(plan, ['MUG-BLUE-11OZ', '5', '--venue-id', '-1'])).toBe('--venue-id "-1" must be a whole number');
  });

  it('needs the quantity', () => {
    expect(parseError(plan, ['MUG-BLUE-11OZ'])).toMatch(/missing required argument 'quantity'/);
  });
});
