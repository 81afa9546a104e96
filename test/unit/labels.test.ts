/** Label geometry, text and ZPL: pure functions, checked against the layouts' published sizes; a heading as drawn. */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LAYOUTS, LAYOUT_NAMES, perPage, slotPlace } from '../../src/labels/layouts.js';
import { unitBox } from '../../src/labels/label-box.js';
import { code128, QUIET_ZONE } from '../../src/labels/code128.js';
import { conditionText, printable } from '../../src/labels/content.js';
import { renderZpl } from '../../src/labels/zpl.js';
import { renderPdf } from '../../src/labels/pdf.js';
import { shipmentRuns, shipmentUnits } from '../../src/labels/shipment-labels.js';

describe('layouts', () => {
  it('Avery 5160: Letter, 2 5/8 x 1 in labels, 3 x 10, 0.5 in top, 3/16 in sides, 2 3/4 in column pitch', () => {
    const l = LAYOUTS['avery-5160'];
    expect([l.page.width, l.page.height, l.label.width, l.label.height]).toEqual([612, 792, 189, 72]);
    expect(perPage(l)).toBe(30);
    expect(slotPlace(l, 0)).toEqual({ page: 0, x: 13.5, y: 36 });
    expect(slotPlace(l, 2)).toEqual({ page: 0, x: 13.5 + 2 * 198, y: 36 });
    expect(slotPlace(l, 29)).toEqual({ page: 0, x: 409.5, y: 36 + 9 * 72 });
    expect(slotPlace(l, 30)).toEqual({ page: 1, x: 13.5, y: 36 });
    // Symmetric: the right margin is the left one, the bottom margin the top one.
    expect(l.page.width - (409.5 + 189)).toBeCloseTo(13.5, 9);
    expect(l.page.height - (36 + 10 * 72)).toBeCloseTo(36, 9);
  });

  it('A4 24-up: 63.5 x 33.9 mm, 3 x 8, centred', () => {
    const l = LAYOUTS['a4-24'];
    const mm = (pt: number) => (pt * 25.4) / 72;
    expect(
      [mm(l.page.width), mm(l.page.height), mm(l.label.width), mm(l.label.height)].map((v) => +v.toFixed(2)),
    ).toEqual([210, 297, 63.5, 33.9]);
    const last = slotPlace(l, 23);
    expect(mm(l.page.width - last.x - l.label.width)).toBeCloseTo(mm(l.origin.x), 6);
    expect(mm(l.page.height - last.y - l.label.height)).toBeCloseTo(mm(l.origin.y), 6);
  });

  it.each(LAYOUT_NAMES)('%s: labels inside the page and never overlapping', (name) => {
    const l = LAYOUTS[name];
    const places = Array.from({ length: perPage(l) }, (_, i) => slotPlace(l, i));
    for (const p of places) {
      expect(p.page).toBe(0);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.x + l.label.width).toBeLessThanOrEqual(l.page.width + 1e-9);
      expect(p.y + l.label.height).toBeLessThanOrEqual(l.page.height + 1e-9);
    }
    if (l.columns > 1) expect(l.pitch.x).toBeGreaterThanOrEqual(l.label.width);
    if (l.rows > 1) expect(l.pitch.y).toBeGreaterThanOrEqual(l.label.height - 1e-9);
    expect(slotPlace(l, perPage(l)).page).toBe(1);
  });

  it.each(LAYOUT_NAMES)(
    '%s: barcode with its quiet zones and every text line inside the padded label, within the marketplace size',
    (name) => {
      const l = LAYOUTS[name];
      const bars = code128('X000ABC123');
      expect(bars.modules).toBe(145);
      const box = unitBox(l, bars.modules);
      expect(box.module).toBe(l.module);
      expect(box.barcode.x - QUIET_ZONE * box.module).toBeGreaterThanOrEqual(0);
      expect(box.barcode.x + box.barcode.width + QUIET_ZONE * box.module).toBeLessThanOrEqual(l.label.width);
      expect(box.barcode.y).toBeGreaterThanOrEqual(box.pad);
      expect(box.barcode.height).toBeGreaterThanOrEqual(30);
      const last = box.lines.at(-1)!;
      // Helvetica's line: ascender 718 + descender 207 per 1000 of the size.
      expect(last.y + 0.925 * last.size).toBeLessThanOrEqual(l.label.height - box.pad + 1e-9);
      expect(box.lines[0]!.y).toBeGreaterThan(box.barcode.y + box.barcode.height);
      // 1 x 2 in to 2 x 3 in (either way round).
      const [short, long] = [l.label.width, l.label.height].sort((a, b) => a - b);
      expect(short! / 72).toBeGreaterThanOrEqual(1);
      expect(long! / 72).toBeGreaterThanOrEqual(1.99);
      expect(long! / 72).toBeLessThanOrEqual(3);
    },
  );

  it('bars match the Code 128 pattern: start B is bar 2, space 1, bar 1, space 2, bar 1', () => {
    expect(code128('X000ABC123').bars.slice(0, 3)).toEqual([
      { x: 0, width: 2 },
      { x: 3, width: 1 },
      { x: 6, width: 1 },
    ]);
  });
});

describe('label text', () => {
  it('prints conditions as the marketplace does and keeps server text printable', () => {
    expect(conditionText('new')).toBe('New');
    expect(conditionText('likeNew')).toBe('Used - Like New');
    expect(conditionText('veryGood')).toBe('Used - Very Good');
    expect(conditionText('Refurb-X')).toBe('Refurb-X');
    // Every script is kept (the renderers name what their fonts lack); controls and bidi overrides go.
    expect(printable('Mug\u001b[31m “blue” – 11 oz 🍵 café Łódź\u202eevil')).toBe(
      'Mug [31m "blue" - 11 oz 🍵 café Łódź evil',
    );
  });
});

describe('ZPL', () => {
  it('escapes ^ and ~ in server text, so a title cannot end the format or start a command', () => {
    const zpl = renderZpl(
      [{ label: { kind: 'unit', fnsku: 'X000ABC123', title: 'A^XZ~JR title_x', condition: 'New' }, copies: 3 }],
      LAYOUTS['thermal-2x1'],
    );
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).toContain('^FH_^FDA_5EXZ_7EJR title_5Fx^FS');
    expect(zpl).not.toContain('~JR');
  });
});

describe('shipment labels', () => {
  it("a heading then the units of each shipment, in the result's order", () => {
    const result = {
      FBA1: { shipmentId: 'FBA1', fc: 'PHX7', fnsku: 'X000AAAAAA', quantity: '3', itemLocation: { msku: 'A' } },
      FBA2: { shipmentId: 'FBA2', fc: 'TPA2', fnsku: 'X000AAAAAA', quantity: '2', itemLocation: { msku: 'A' } },
    };
    const runs = shipmentRuns(shipmentUnits(result, 'x'), new Map([['A', { title: 'Thing', cond: 'new' }]]));
    expect(runs.map((r) => [r.label.kind, r.copies])).toEqual([
      ['heading', 1],
      ['unit', 3],
      ['heading', 1],
      ['unit', 2],
    ]);
    expect(runs[2]!.label).toEqual({ kind: 'heading', shipmentId: 'FBA2', center: 'TPA2', contents: 'A x 2' });
  });
});

describe('unit label geometry', () => {
  it('two title lines from 85 pt of height (the 1.25 in roll, A4 24-up), one below; sheets keep 6 pt clear, rolls 4.5 pt', () => {
    const box = (name: keyof typeof LAYOUTS) => unitBox(LAYOUTS[name], 145);
    expect(LAYOUT_NAMES.map((n) => [n, box(n).titleLines, box(n).pad])).toEqual([
      ['avery-5160', 1, 6],
      ['a4-24', 2, 6],
      ['thermal-2.25x1.25', 2, 4.5],
      ['thermal-2x1', 1, 4.5],
    ]);
  });

  it.each(LAYOUT_NAMES)(
    '%s: the barcode is centred; a symbol too wide narrows its module so its quiet zones stay inside the padding',
    (name) => {
      const l = LAYOUTS[name];
      for (const modules of [145, 300]) {
        const box = unitBox(l, modules);
        expect(box.barcode.x * 2 + box.barcode.width, `${modules} modules`).toBeCloseTo(l.label.width, 9);
        expect(box.barcode.x - QUIET_ZONE * box.module, `${modules} modules`).toBeGreaterThanOrEqual(box.pad - 1e-9);
      }
      expect(unitBox(l, 300).module).toBeLessThan(l.module);
    },
  );
});

/** The rectangles (`x y w h re`, in the page's drawing coordinates) of a PDF's content streams, deflated or not. */
function rectangles(pdf: Buffer): number[][] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/stream\r?\n/g)].flatMap((m) => {
    const start = m.index + m[0].length;
    const raw = pdf.subarray(start, text.indexOf('endstream', start));
    let body: string;
    try {
      body = inflateSync(raw).toString('latin1');
    } catch {
      body = raw.toString('latin1');
    }
    return [...body.matchAll(/([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re/g)].map((r) => r.slice(1, 5).map(Number));
  });
}

describe('heading label geometry', () => {
  it.each([
    ['thermal-2x1', 4.5],
    ['avery-5160', 6],
  ] as const)("%s: the frame of a heading keeps the layout's padding (%s pt) clear", async (name, pad) => {
    const layout = LAYOUTS[name];
    const heading = { kind: 'heading', shipmentId: 'FBA1', center: 'PHX7', contents: 'A x 2' } as const;
    const pdf = await renderPdf([{ label: heading, copies: 1 }], layout);
    const { width, height } = layout.label;
    const frame = [layout.origin.x + pad, layout.origin.y + pad, width - 2 * pad, height - 2 * pad];
    expect(rectangles(pdf)).toContainEqual(frame);
  });
});
