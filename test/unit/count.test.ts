/** The pure parts of inv count and inv move --scan: how a scanned line reads, the tally, code spellings, bin codes, differences, legs. */
import { describe, expect, it } from 'vitest';
import { countLine, CountTally } from '../../src/count/count-tally.js';
import { codeForms, mskuOf } from '../../src/count/count-codes.js';
import { changes, differences } from '../../src/count/count-plan.js';
import { binCode, binCodeId } from '../../src/api/bin-code.js';
import { ScanLegs } from '../../src/floor/scan-legs.js';
import { readCountFile } from '../../src/count/count-file.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp.js';

describe('a count line', () => {
  it.each([
    ['', { t: 'end' }],
    ['  ', { t: 'end' }],
    ['undo', { t: 'undo' }],
    ['12', { t: 'quantity', quantity: 12 }],
    ['x12', { t: 'quantity', quantity: 12 }],
    ['*3', { t: 'quantity', quantity: 3 }],
    ['012345678905', { t: 'code', code: '012345678905' }],
    ['X000BB05CA', { t: 'code', code: 'X000BB05CA' }],
    ['99999', { t: 'quantity', quantity: 99999 }],
    ['123456', { t: 'code', code: '123456' }],
  ])('%j reads as %j', (text, line) => expect(countLine(text)).toEqual(line));
});

describe('the tally', () => {
  it('adds a unit a scan, sets the last scan to a quantity, undoes the last scan', () => {
    const t = new CountTally();
    t.add('A');
    t.add('B');
    expect(t.setLast(5)).toEqual({ msku: 'B', units: 5 });
    t.add('A');
    expect(t.undo()).toEqual({ msku: 'A', units: 1 });
    expect([...t.totals()]).toEqual([
      ['A', 1],
      ['B', 5],
    ]);
    expect(new CountTally().setLast(3)).toBeUndefined();
  });
});

describe('codes', () => {
  it('reads a UPC-A as its EAN-13 with a leading 0 and back, a 978 EAN as its ISBN-10', () => {
    expect(codeForms('012345678905')).toContain('0012345678905');
    expect(codeForms('0012345678905')).toContain('012345678905');
    expect(codeForms('9780306406157')).toContain('0306406152');
    const codes = new Map([
      ['012345678905', 'UPC-ITEM'],
      ['0306406152', 'BOOK'],
    ]);
    expect(mskuOf(codes, '0012345678905')).toBe('UPC-ITEM');
    expect(mskuOf(codes, '978-0-306-40615-7')).toBe('BOOK');
  });

  it('a bin code is LOC- and the id, read in either case, and never a product code', () => {
    expect(binCode('12')).toBe('LOC-12');
    expect(binCodeId('loc-12')).toBe('12');
    expect(binCodeId('LOC-')).toBeUndefined();
    expect(binCodeId('X000BB05CA')).toBeUndefined();
  });
});

describe('differences', () => {
  const start = new Map([
    ['A', { itemLocationId: '1', quantity: 5 }],
    ['B', { itemLocationId: '2', quantity: 3 }],
  ]);
  it('counts an msku held but not scanned as 0, and one not held as found stock without a record', () => {
    expect(
      differences(
        start,
        new Map([
          ['A', 5],
          ['C', 2],
        ]),
      ),
    ).toEqual([
      { msku: 'B', itemLocationId: '2', before: 3, counted: 0 },
      { msku: 'C', before: 0, counted: 2 },
    ]);
  });
  it('names what changed between two reads of the bin', () => {
    expect(changes(start, new Map([['A', { itemLocationId: '1', quantity: 4 }]]))).toEqual(['A 5 → 4', 'B 3 → none']);
  });
});

describe('scanned legs', () => {
  const legs = () =>
    new ScanLegs(
      (bin, msku) => (bin === '1' && msku === 'A' ? 3 : 0),
      new Map([
        ['A', 'A'],
        ['B', 'B'],
      ]),
    );
  it('closes a leg at the destination bin into one move per msku, and counts what the source has left', () => {
    const l = legs();
    for (const line of ['LOC-1', 'A', 'A']) expect(l.step(line)).toMatchObject({ ok: true });
    expect(l.holds('1', 'A')).toBe(1);
    expect(l.step('LOC-2')).toMatchObject({ ok: true, moves: [{ msku: 'A', quantity: 2, from: '1', to: '2' }] });
    expect(l.holds('2', 'A')).toBe(2);
    expect(l.step('')).toEqual({ end: true });
  });
  it('refuses a unit before a source bin, an over-scan, the source as destination, and an end with a leg open', () => {
    const l = legs();
    expect(l.step('A')).toMatchObject({ ok: false });
    l.step('LOC-1');
    expect(l.step('B')).toEqual({ ok: false, why: 'LOC-1 holds 0 of B: not 1 more' });
    l.step('A');
    expect(l.step('4')).toEqual({ ok: false, why: 'LOC-1 holds 3 of A: not 4 more' });
    expect(l.holds('1', 'A')).toBe(2);
    expect(l.step('LOC-1')).toMatchObject({ ok: false });
    expect(l.step('')).toMatchObject({ ok: false });
  });
});

describe('pins from an outside mutation pass', () => {
  it('a leg may take all a bin holds, not one more', () => {
    const legs = new ScanLegs((bin, msku) => (bin === '1' && msku === 'A' ? 3 : 0), new Map([['A', 'A']]));
    for (const line of ['LOC-1', 'A']) legs.step(line);
    expect(legs.step('3')).toMatchObject({ ok: true });
    expect(legs.holds('1', 'A')).toBe(0);
    expect(legs.step('A')).toMatchObject({ ok: false });
  });

  it('undoing the source bin clears it: another bin may be the source', () => {
    const legs = new ScanLegs(() => 5, new Map([['A', 'A']]));
    legs.step('LOC-1');
    expect(legs.step('undo')).toMatchObject({ ok: true, say: expect.stringContaining('no longer the source') });
    expect(legs.step('LOC-2')).toMatchObject({ ok: true, opened: '2' });
  });

  it("a count file's rows of one msku add up, whichever code each names", async () => {
    const file = join(tempDir('inv-count-'), 'counts.csv');
    writeFileSync(file, 'code,quantity\nA,100\nX000AAAAAA,18\n');
    const codes = new Map([
      ['A', 'A'],
      ['X000AAAAAA', 'A'],
    ]);
    expect(await readCountFile(file, process.stdin, codes)).toEqual(new Map([['A', 118]]));
  });

  it('an msku the bin has no record of, counted 0, is no difference', () => {
    const start = new Map([['A', { itemLocationId: '1', quantity: 2 }]]);
    expect(
      differences(
        start,
        new Map([
          ['A', 2],
          ['C', 0],
        ]),
      ),
    ).toEqual([]);
  });
});
