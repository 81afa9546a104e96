/**
 * The pack engine's pure parts: the 2D contents text, splitting it over symbols that fit, checks, the pack list; a
 * split box read back with zxing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPacking } from '../../src/pack/check.js';
import { contentsSymbols, contentsText } from '../../src/pack/contents.js';
import { cartonLabels } from '../../src/pack/cartons.js';
import { cartonLayout, symbolRoom } from '../../src/pack/carton-layout.js';
import { renderCartonPdf } from '../../src/pack/carton-pdf.js';
import { ZPL_ROOM } from '../../src/pack/carton-zpl.js';
import { packListTsv } from '../../src/pack/pack-list.js';
import type { ShipmentFacts } from '../../src/pack/packing-types.js';
import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js';
import { code128 } from '../../src/labels/code128.js';
import { pdf417, symbolOf, textCodewords } from '../../src/pack/pdf417.js';
import { decodePdf } from '../helpers/zxing.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const fnsku = (i: number) => `X00${String(i).padStart(7, '0')}`;
const facts: ShipmentFacts = {
  shipmentId: 'FBA15ABCDEFG',
  center: 'PHX7',
  shipTo: ['Amazon PHX7'],
  lines: Array.from({ length: 20 }, (_, i) => ({ msku: `SKU-${i}`, fnsku: fnsku(i), quantity: 10 + i })),
};
const everything = facts.lines.map((l) => ({ row: 2, box: 1, msku: l.msku, quantity: l.quantity }));

describe('box contents as Amazon 2D text', () => {
  it('joins codes and values with colons and segments with commas, EXP as YYMMDD after the quantity', () => {
    expect(
      contentsText('FBA15ABCDEFG', [
        { msku: 'A', fnsku: 'X000BB05CA', quantity: 5 },
        { msku: 'B', fnsku: 'X000786B0B', quantity: 12, exp: '2027-03-01' },
      ]),
    ).toBe('AMZN,PO:FBA15ABCDEFG,FNSKU:X000BB05CA,QTY:5,FNSKU:X000786B0B,QTY:12,EXP:270301');
  });

  it.each([
    ['PDF 4x6', symbolRoom(cartonLayout('4x6'))],
    ['ZPL', ZPL_ROOM],
  ])('splits contents too long for one %s symbol over several that each fit, no product cut', (_name, room) => {
    const items = facts.lines.map((l) => ({ msku: l.msku, fnsku: l.fnsku, quantity: l.quantity }));
    const symbols = contentsSymbols(facts.shipmentId, items, room);
    expect(symbols.length).toBeGreaterThan(1);
    for (const s of symbols) {
      expect(s.matrix.rows).toBeLessThanOrEqual(room.maxRows);
      expect(s.text.startsWith('AMZN,PO:FBA15ABCDEFG,FNSKU:')).toBe(true);
    }
    const back = symbols.flatMap((s) =>
      [...s.text.matchAll(/FNSKU:(\w+),QTY:(\d+)/g)].map((m) => [m[1], Number(m[2])]),
    );
    expect(back).toEqual(items.map((i) => [i.fnsku, i.quantity]));
  });

  it('prints a split box as one label per symbol, each decoding to its part and the same box id', async () => {
    const packing = checkPacking(facts, everything, [
      { row: 2, box: 1, weight: 20, length: 20, width: 15, height: 10 },
    ]);
    const layout = cartonLayout('4x6');
    const labels = cartonLabels(packing, ['Acme', '1 Main St'], symbolRoom(layout));
    const dir = tempDir('pack');
    try {
      const file = join(dir, 'split.pdf');
      writeFileSync(file, await renderCartonPdf(labels, layout));
      const pages = decodePdf(file);
      expect(pages).toHaveLength(labels.length);
      pages.forEach((symbols, i) => {
        expect(symbols.filter((s) => s.format === 'Code128').map((s) => s.text)).toEqual(['FBA15ABCDEFGU000001']);
        expect(symbols.filter((s) => s.format === 'PDF417').map((s) => s.text)).toEqual([labels[i]!.symbol.text]);
      });
    } finally {
      removeTempDir(dir);
    }
  });
});

describe('checks and the pack list', () => {
  it('takes an fnsku for an msku, merges repeated rows, and lists expiry dates in the pack list', () => {
    const small: ShipmentFacts = { ...facts, lines: facts.lines.slice(0, 2) };
    const packing = checkPacking(
      small,
      [
        { row: 2, box: 1, fnsku: fnsku(0), quantity: 4, exp: '2027-03-01' },
        { row: 3, box: 1, msku: 'SKU-0', quantity: 6, exp: '2027-03-01' },
        { row: 4, box: 2, msku: 'SKU-1', quantity: 11 },
      ],
      [
        { row: 2, box: 1, weight: 60, length: 10, width: 10, height: 10 },
        { row: 3, box: 2, weight: 1, length: 10, width: 10, height: 10 },
      ],
    );
    expect(packing.boxes[0]!.items).toEqual([{ msku: 'SKU-0', fnsku: fnsku(0), quantity: 10, exp: '2027-03-01' }]);
    expect(packing.boxes.map((b) => b.teamLift)).toEqual([true, false]);
    const rows = packListTsv(packing, new Map(), 'x')
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const header = rows.find((r) => r[0] === 'Merchant SKU')!;
    const exp = header.indexOf('FBA15ABCDEFGU000001 - Expiration Date (MM/DD/YY)');
    expect(exp).toBeGreaterThan(0);
    expect(rows.find((r) => r[0] === 'SKU-0')![exp]).toBe('03/01/27');
  });
});

describe('the pack list in a spreadsheet', () => {
  it('writes plain numbers as numbers (12, -5) and neutralises formulas (=1+1, @SUM, +A1) by the one rule', () => {
    const two: ShipmentFacts = {
      ...facts,
      lines: [
        { msku: '12', fnsku: fnsku(0), quantity: 1 },
        { msku: '-5', fnsku: fnsku(1), quantity: 2 },
      ],
    };
    const packing = checkPacking(
      two,
      [
        { row: 2, box: 1, msku: '12', quantity: 1 },
        { row: 3, box: 1, msku: '-5', quantity: 2 },
      ],
      [{ row: 2, box: 1, weight: 1, length: 10, width: 10, height: 10 }],
    );
    const titles = new Map([
      ['12', { title: '=1+1', asin: '-5', condition: '@SUM(A1)' }],
      ['-5', { title: '+A1', asin: '12', condition: '-1.5e3' }],
    ]);
    const rows = packListTsv(packing, titles, 'x')
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const header = rows.find((r) => r[0] === 'Merchant SKU')!;
    const pick = (msku: string) =>
      ['Title', 'ASIN', 'Condition'].map((c) => rows.find((r) => r[0] === msku)![header.indexOf(c)]);
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['12', '-5']));
    expect(pick('12')).toEqual(["'=1+1", '-5', "'@SUM(A1)"]);
    expect(pick('-5')).toEqual(["'+A1", '12', '-1.5e3']);
  });

  it('keeps a title holding a tab or a line break in one cell', () => {
    const one: ShipmentFacts = { ...facts, lines: [{ msku: 'M', fnsku: fnsku(0), quantity: 1 }] };
    const packing = checkPacking(
      one,
      [{ row: 2, box: 1, msku: 'M', quantity: 1 }],
      [{ row: 2, box: 1, weight: 1, length: 10, width: 10, height: 10 }],
    );
    const tsv = packListTsv(
      packing,
      new Map([['M', { title: 'Mug\tblue\r\nlarge', asin: 'B0', condition: 'new' }]]),
      'x',
    );
    const line = tsv.split('\n').find((l) => l.startsWith('M\t'))!;
    expect(line).toContain('Mug blue large');
    expect(tsv.split('\n').some((l) => l.startsWith('large'))).toBe(false);
  });
});

describe('Code 128 B from the symbol table', () => {
  it('draws every printable ASCII character so that zxing reads it back', async () => {
    const all = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    const texts = [
      'FBA15ABCDEFGU000001',
      ...Array.from({ length: 8 }, (_, i) => all.slice(i * 12, i * 12 + 12).replace(/^ | $/g, '_')),
    ];
    const doc = new PDFDocument({ size: [400, 100], margin: 0, autoFirstPage: false });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve) =>
      doc.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))),
    );
    for (const text of texts) {
      doc.addPage({ size: [400, 100], margin: 0 });
      const bars = code128(text);
      for (const bar of bars.bars) doc.rect(20 + bar.x * 1.2, 20, bar.width * 1.2, 60);
      doc.fill('black');
    }
    doc.end();
    const dir = tempDir('c128');
    try {
      writeFileSync(join(dir, 'c.pdf'), await done);
      expect(decodePdf(join(dir, 'c.pdf')).map((page) => page.map((s) => `${s.format}:${s.text}`))).toEqual(
        texts.map((t) => [`Code128:${t}`]),
      );
    } finally {
      removeTempDir(dir);
    }
  });
});

describe('PDF417 encoded here', () => {
  it('draws the same symbol as bwip-js for the same codewords at level 6', () => {
    const cases: Array<[string, number]> = [
      ['AMZN,PO:FBA10000003,FNSKU:X0006CA9EF,QTY:1', 6],
      ['AMZN,PO:FBA1,FNSKU:X000B5F080,QTY:12,EXP:270301', 4],
      ['A', 6],
      ['AMZN,PO:FBA15ABCDEFG', 30],
    ];
    for (const [text, columns] of cases) {
      const codewords = textCodewords(text);
      const mine = symbolOf(codewords, columns)!;
      const options = {
        bcid: 'pdf417',
        text: codewords.map((v) => `^${String(v).padStart(3, '0')}`).join(''),
        raw: true,
        eclevel: 6,
        columns,
      };
      const [theirs] = bwipjs.raw(options as never) as unknown as Array<{ pixs: number[]; pixx: number }>;
      expect([mine.width, mine.rows]).toEqual([theirs!.pixx, theirs!.pixs.length / theirs!.pixx]);
      expect(Array.from(mine.dark).join('')).toBe(theirs!.pixs.join(''));
    }
  });

  it('answers undefined for a text that needs more than 90 rows', () => {
    expect(pdf417('AMZN,PO:FBA1' + ',FNSKU:X000B5F080,QTY:12'.repeat(40), 2)).toBeUndefined();
  });
});
