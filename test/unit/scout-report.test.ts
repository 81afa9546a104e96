/** The report's pieces: round axis figures, the scatter's points and rule lines, the bars' best cut, escaped text. */
import { describe, expect, it } from 'vitest';
import { lotOf } from '../../src/scout/lot.js';
import type { ManifestResult } from '../../src/scout/manifest-scout.js';
import { ticks } from '../../src/scout/report/axis.js';
import { barsSvg } from '../../src/scout/report/bars.js';
import { reportPage } from '../../src/scout/report/report-page.js';
import { scatterSvg } from '../../src/scout/report/scatter.js';
import { blank } from '../../src/scout/scan-engine.js';

const line = (n: number, lineProfit: number, roi: number | null, rank: number | null, more = {}) =>
  ({
    ...blank(`B0LINE000${n}`, 'asin', 2, []),
    asin: `B0LINE000${n}`,
    title: `Title ${n}`,
    line: n,
    qty: 1,
    price: 10,
    fees: 3,
    prep: 0,
    inbound: 0,
    tax: 0,
    profit: lineProfit,
    roi,
    rank,
    verdict: roi !== null && roi >= 30 ? 'buy' : 'skip',
    ...more,
  }) as ManifestResult;

const LOT = lotOf([line(1, 5, 250, 1200), line(2, -2, -100, 90_000), line(3, 1, 50, null), line(4, 3, 9000, 400)]);

describe('the report', () => {
  it('marks its axes at round figures', () => {
    expect(ticks(-100, 2000)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(ticks(-1000, 2000)).toEqual([-1000, 0, 1000, 2000]);
    expect(ticks(1, 1999)).toEqual([500, 1000, 1500]);
  });

  it('plots each line with an ROI and a rank, draws the rules it has, and marks ROIs off the scale', () => {
    const many = lotOf([
      ...LOT.lines,
      ...Array.from({ length: 20 }, (_, i) => line(10 + i, 2, 40 + i * 10, 5000 * (i + 1))),
    ]).lines;
    const { svg, note } = scatterSvg(many, { minRoi: 30, maxRank: 100_000 });
    expect(svg.match(/<circle/g)).toHaveLength(23);
    expect(svg).toContain('data-rule="minRoi"');
    expect(svg).toContain('data-rule="maxRank"');
    expect(svg.match(/class="pt buy edge"/g)).toHaveLength(1);
    expect(note).toMatch(/^23 lines plotted; 1 with an ROI above [\d,]+% drawn on the top edge \(hollow\); 1 without/);
    expect(scatterSvg(LOT.lines, { minRoi: 30 }).svg).not.toContain('data-rule="maxRank"');
  });

  it('draws a bar a priced line and finds where buying the best lines first earns the most', () => {
    const { svg, cut } = barsSvg(LOT.lines);
    expect(svg.match(/M/g)).toHaveLength(4);
    expect(cut).toEqual({ lines: 3, profit: 9 });
  });

  it('escapes the text it shows (a title is data, never markup)', () => {
    const hostile = lotOf([line(1, 5, 250, 1200, { title: '<script>alert(1)</script>', reasons: ['a & b'] })]);
    const page = reportPage(hostile, {
      manifest: '/tmp/<x>.csv',
      rules: { minRoi: 30 },
      at: 'buybox',
      made: new Date(0),
    });
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page).toContain('<h1>&#60;x&#62;.csv</h1>');
    expect(page.match(/<script>/g)).toHaveLength(1);
  });
});
