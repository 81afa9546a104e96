/** The pure parts of inv count: how a scanned line reads, the tally, code spellings, bin codes, differences. */
import { describe, expect, it } from 'vitest';
import { countLine, Tally } from '../../src/count/count-tally.js';
import { codeForms, mskuOf } from '../../src/count/count-codes.js';
import { changes, differences } from '../../src/count/count-plan.js';
import { binCode, binCodeId } from '../../src/api/bin-code.js';

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
  ])('%j reads as %j', (text, line) => expect(countLine(text)).toEqual(line));
});

describe('the tally', () => {
  it('adds a unit a scan, sets the last scan to a quantity, undoes the last scan', () => {
    const t = new Tally();
    t.add('A');
    t.add('B');
    expect(t.setLast(5)).toEqual({ msku: 'B', units: 5 });
    t.add('A');
    expect(t.undo()).toEqual({ msku: 'A', units: 1 });
    expect([...t.totals()]).toEqual([
      ['A', 1],
      ['B', 5],
    ]);
    expect(new Tally().setLast(3)).toBeUndefined();
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
