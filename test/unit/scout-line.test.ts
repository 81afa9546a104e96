/** The scan loop's line for a result: the title kept (cut from the middle if it must be), every reason whole. */
import { describe, expect, it } from 'vitest';
import { scanLine } from '../../src/scout/line.js';
import { blank, type ScoutResult } from '../../src/scout/scan-engine.js';
import { NO_COLORS } from '../../src/util/colors.js';
import { truncateMiddle } from '../../src/util/format.js';

const plain = NO_COLORS;
const TITLE = 'Northwind Essential French Press Coffee Maker, 34 oz, Stainless Steel';
const SKIP: ScoutResult = {
  ...blank('B07B43R9QV', 'asin', 60, []),
  asin: 'B07B43R9QV',
  title: TITLE,
  rank: 1_140_758,
  price: 16.1,
  fees: 6.64,
  profit: -50.54,
  roi: -84.2,
  verdict: 'skip',
  reasons: ['profit -50.54 < minProfit 3.00', 'ROI -84.2% < minRoi 30%', 'rank 1140758 > maxRank 100000'],
};

describe('scanLine', () => {
  it.each([60, 80, 100, 160])('at %i columns: no line wider, the title kept, every reason whole', (width) => {
    const lines = scanLine(SKIP, width, plain).split('\n');
    expect(lines.filter((l) => l.length > width)).toEqual([]);
    expect(lines[0]).toMatch(/^SKIP B07B43R9QV Northwi.*Steel +.*profit -50\.54 {2}ROI -84%$/);
    const text = lines.map((l) => l.trim()).join(' ');
    for (const reason of SKIP.reasons) expect(text).toContain(reason);
  });

  it('leaves out the rank, the cost and the fees before the title goes below 24 columns', () => {
    expect(scanLine(SKIP, 80, plain).split('\n')[0]).toBe(
      'SKIP B07B43R9QV Northwind Essen…Stainless Steel  $16.10  profit -50.54  ROI -84%',
    );
    expect(scanLine({ ...SKIP, title: 'Mug' }, 100, plain).split('\n')[0]).toMatch(
      /^SKIP B07B43R9QV Mug +#1,140,758 {2}\$16\.10 {2}fees 6\.64 {2}cost 60\.00 {2}profit -50\.54 {2}ROI -84%$/,
    );
  });

  it('wraps a long reason of an unpriced result under its code, whole', () => {
    const reason = '"012345678906" is not a valid UPC: its check digit should be 5 (GS1 mod-10)';
    const text = scanLine(blank('012345678906', null, 3, [reason]), 60, plain);
    expect(text.split('\n').every((l) => l.length <= 60)).toBe(true);
    expect(text.split('\n')[0]).toMatch(/^\?\?\? {2}012345678906 {2}"012345678906" is not/);
    expect(
      text
        .split('\n')
        .map((l) => l.trim())
        .join(' '),
    ).toContain(reason);
  });
});

describe('truncateMiddle', () => {
  it('keeps the beginning and the end', () => {
    expect(truncateMiddle('abcdefghij', 7)).toBe('abc…hij');
    expect(truncateMiddle('abcdefghij', 10)).toBe('abcdefghij');
    expect(truncateMiddle('abcdefghij', 2)).toBe('a…');
  });
});
