/** inv labels and send-to-fba --labels: PDFs rendered at 300 dpi (pdftoppm) and read back with zbarimg, cell by cell; ZPL parsed. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { runInTerminal } from '../helpers/terminal.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { cells, crop, decode, decodeCells, inkBox, inkOnlyIn, pdfInfo, renderPages } from '../helpers/labels.js';
import { LAYOUTS, perPage, slotPlace, type Layout, type LayoutName } from '../../src/labels/layouts.js';
import { code128, QUIET_ZONE } from '../../src/labels/code128.js';
import { unitBox } from '../../src/labels/label-box.js';

let fx: InventoryFixture;
let fnsku: string;
beforeAll(async () => {
  fx = await inventoryFixture();
  const plan = JSON.parse((await runInv(['plan', 'MUG-BLUE-11OZ', '1'], { env: fx.authed })).stdout) as Record<
    string,
    { items: Record<string, { fnsku: string }> }
  >;
  fnsku = Object.values(plan)[0]!.items['MUG-BLUE-11OZ']!.fnsku;
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
const requests = (path: string) => fx.sandbox.inventory.stats.count(path);
const FOUND = () => `CODE-128:${fnsku}`;

/**
 * Renders every page of `file` and checks it against the layout: page count and size, a barcode equal to
 * the FNSKU in exactly the label positions `first`..`first+count-1` (counted over pages, 0-based) and
 * no ink at all elsewhere, no ink outside the labels' padded boxes, and the bars where the geometry puts them,
 * with their quiet zones clear.
 */
function checkPdf(file: string, layout: Layout, first: number, count: number): void {
  const pages = Math.ceil((first + count) / perPage(layout));
  const info = pdfInfo(file);
  expect(info.pages).toBe(pages);
  expect(info.width).toBeCloseTo(layout.page.width, 2);
  expect(info.height).toBeCloseTo(layout.page.height, 1);
  const images = renderPages(file, 1, pages);
  expect(images).toHaveLength(pages);
  // The positions from `first` on hold one barcode each, read back by zbarimg; every other position holds no ink.
  const positions = images.flatMap((image, p) =>
    cells(layout).map((rect, c) => ({ cell: crop(image, rect), at: `page ${p + 1}, cell ${c + 1}` })),
  );
  const labelled = positions.slice(first, first + count);
  const found = decode(labelled.map((l) => l.cell));
  expect(found).toEqual(labelled.map(() => [FOUND()]));
  const blank = [...positions.slice(0, first), ...positions.slice(first + count)];
  expect(blank.filter((b) => inkBox(b.cell) !== undefined).map((b) => b.at)).toEqual([]);
  const bars = code128(fnsku);
  const box = unitBox(layout, bars.modules);
  images.forEach((image, p) => {
    const padded = cells(layout).map((r) => ({
      x: r.x + box.pad,
      y: r.y + box.pad,
      width: r.width - 2 * box.pad,
      height: r.height - 2 * box.pad,
    }));
    expect(inkOnlyIn(image, padded), `ink outside the labels on page ${p + 1}`).toBe(true);
    // The same check finds the ink when no box allows it: it is not true of any page.
    expect(inkOnlyIn(image, []), `no ink found on page ${p + 1}`).toBe(false);
    for (let c = 0; c < perPage(layout); c++) {
      const slot = p * perPage(layout) + c;
      if (slot < first || slot >= first + count) continue;
      const at = slotPlace(layout, slot);
      // The band of bar rows across the whole label: ink only where the symbol is, quiet zones blank.
      const band = inkBox(
        crop(image, {
          x: at.x,
          y: at.y + box.barcode.y + 1,
          width: layout.label.width,
          height: box.barcode.height - 2,
        }),
      )!;
      expect(band.x).toBeCloseTo(box.barcode.x, 0);
      expect(band.right).toBeCloseTo(box.barcode.x + box.barcode.width, 0);
      expect(band.x).toBeGreaterThanOrEqual(QUIET_ZONE * box.module);
      expect(layout.label.width - band.right).toBeGreaterThanOrEqual(QUIET_ZONE * box.module);
    }
  });
}

const pdfOf = async (name: string, args: string[]) => {
  const file = join(fx.dir, name);
  const r = await inv(['labels', 'MUG-BLUE-11OZ', fnsku, ...args, '--out', file]);
  expect(r.code, r.stderr).toBe(0);
  return file;
};

describe('inv labels as PDF, read back at 300 dpi', () => {
  it.each<[LayoutName, number, number | undefined, number]>([
    ['avery-5160', 1, undefined, 1],
    ['avery-5160', 30, undefined, 1],
    ['avery-5160', 31, undefined, 2],
    ['avery-5160', 3, 29, 2],
    ['a4-24', 2, 24, 2],
    ['thermal-2.25x1.25', 3, undefined, 3],
    ['thermal-2x1', 2, undefined, 2],
  ])('%s: %i labels from position %s on %i pages', async (name, count, start, pages) => {
    const file = await pdfOf(`${name}-${count}-${start ?? 1}.pdf`, [
      '--count',
      String(count),
      '--layout',
      name,
      ...(start ? ['--start', String(start)] : []),
    ]);
    expect(pdfInfo(file).pages).toBe(pages);
    checkPdf(file, LAYOUTS[name], (start ?? 1) - 1, count);
  });

  it('the summary counts the sheets from the --start position, not from the first', async () => {
    const file = join(fx.dir, 'start-sheets.pdf');
    const flags = ['--count', '3', '--layout', 'avery-5160', '--start', '29', '--out', file];
    const r = await inv(['labels', 'MUG-BLUE-11OZ', fnsku, ...flags]);
    expect(r.code, r.stderr).toBe(0);
    expect(pdfInfo(file).pages).toBe(2);
    expect(r.stderr).toContain(`3 labels (avery-5160) on 2 sheets written to ${file}`);
  });

  it('prints the title shortened to fit and the condition', async () => {
    expect(
      (
        await inv([
          'items',
          'update',
          'MUG-BLUE-11OZ',
          '--title',
          'Ceramic Coffee Mug, Blue, 11 oz, Dishwasher and Microwave Safe, Gift Box Included, Set of One',
          '--cond',
          'likeNew',
        ])
      ).code,
    ).toBe(0);
    const file = await pdfOf('title.pdf', ['--count', '1']);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(fnsku);
    expect(text).toMatch(/Ceramic Coffee Mug, Blue, 11 oz, .*…/);
    expect(text).not.toContain('Set of One');
    expect(text).toContain('Used - Like New');
  });
});

describe('the built CLI', () => {
  // One label drawn by bin/inv on a terminal, read by both tests: each spawned label run loads pdfkit and its fonts
  // afresh (~0.8 s of CPU).
  const file = () => join(fx.dir, 'spawned.pdf');
  let terminal: { code: number; screen: string };
  beforeAll(async () => {
    terminal = await runInTerminal(
      ['labels', 'MUG-BLUE-11OZ', fnsku, '--count', '1', '--layout', 'thermal-2x1', '--out', file()],
      fx.authed,
      [],
    );
  });

  it('bundles pdfkit and its fonts: bin/inv writes a thermal PDF that scans', () => {
    expect(terminal.code, terminal.screen).toBe(0);
    expect(terminal.screen).toMatch(/1 label \(thermal-2x1\) written to /);
    checkPdf(file(), LAYOUTS['thermal-2x1'], 0, 1);
  });

  it('counts labels as they are drawn on a terminal, and says nothing of it in a pipe', async () => {
    expect(terminal.code, terminal.screen).toBe(0);
    expect(terminal.screen).toMatch(/labels \(1\): \d+ done/);
    const piped = await inv([
      'labels',
      'MUG-BLUE-11OZ',
      fnsku,
      '--count',
      '1',
      '--layout',
      'thermal-2x1',
      '--out',
      join(fx.dir, 'piped.pdf'),
    ]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toMatch(/done/);
  });
});

describe('inv labels as ZPL', () => {
  /** The ^XA…^XZ blocks of a ZPL text; fails when anything lies outside them. */
  const blocks = (zpl: string) => {
    expect(zpl).toMatch(/^(\^XA\n(?:(?!\^XA|\^XZ)[^\n]*\n)*\^XZ\n)+$/);
    return zpl.split('^XZ\n').filter(Boolean);
  };

  it('-o zpl writes one label format with one ^BC of the FNSKU and ^PQ for the copies, to stdout', async () => {
    const r = await inv(['labels', 'MUG-BLUE-11OZ', fnsku, '--count', '24', '-o', 'zpl']);
    expect(r.code, r.stderr).toBe(0);
    const [block, ...rest] = blocks(r.stdout);
    expect(rest).toHaveLength(0);
    expect(block!.match(/\^BC/g)).toHaveLength(1);
    expect(block).toContain(`^FD>:${fnsku}^FS`);
    expect(block).toMatch(/\^PW457\n\^LL254\n/);
    expect(block).toMatch(/\^PQ24\n$/);
  });

  it('--format zpl --out FILE on a 2x1 roll', async () => {
    const file = join(fx.dir, 'roll.zpl');
    expect(
      (
        await inv([
          'labels',
          'MUG-BLUE-11OZ',
          fnsku,
          '--count',
          '2',
          '--format',
          'zpl',
          '--layout',
          'thermal-2x1',
          '--out',
          file,
        ])
      ).code,
    ).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/\^PW406\n\^LL203\n[\s\S]*\^PQ2\n\^XZ\n$/);
  });
});

describe('send-to-fba --labels, labels --from, shipments show --labels', () => {
  type Sent = { shipmentId: string; fc: string; fnsku: string; quantity: string };
  let sent: Sent[];
  let saved: string;
  const units = (n: number) => Array.from({ length: n }, () => [`CODE-128:${sent[0]!.fnsku}`]);

  it('send-to-fba --labels labels exactly the units just added, grouped under a heading per shipment', async () => {
    const file = join(fx.dir, 'sent.pdf');
    const r = await inv(['send-to-fba', 'CABLE-USBC-2M', '21', '--from', '2', '--labels', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    saved = join(fx.dir, 'sent.json');
    writeFileSync(saved, r.stdout);
    sent = Object.values(JSON.parse(r.stdout)) as Sent[];
    expect(sent.map((s) => Number(s.quantity))).toEqual([11, 10]);
    const layout = LAYOUTS['avery-5160'];
    expect(pdfInfo(file).pages).toBe(1);
    const [page] = renderPages(file, 1, 1);
    // heading, 11 units, heading, 10 units, then blank places
    expect(decodeCells([page!], layout)[0]).toEqual([
      [],
      ...units(11),
      [],
      ...units(10),
      ...Array.from({ length: 30 - 23 }, () => []),
    ]);
    const headingText = (slot: number) => {
      const at = slotPlace(layout, slot);
      return execFileSync(
        'pdftotext',
        [
          '-x',
          String(Math.round(at.x)),
          '-y',
          String(Math.round(at.y)),
          '-W',
          String(Math.round(layout.label.width)),
          '-H',
          String(Math.round(layout.label.height)),
          file,
          '-',
        ],
        { encoding: 'utf8' },
      );
    };
    expect(headingText(0)).toMatch(
      new RegExp(`${sent[0]!.shipmentId}[\\s\\S]*to ${sent[0]!.fc}[\\s\\S]*CABLE-USBC-2M x 11`),
    );
    expect(headingText(12)).toMatch(
      new RegExp(`${sent[1]!.shipmentId}[\\s\\S]*to ${sent[1]!.fc}[\\s\\S]*CABLE-USBC-2M x 10`),
    );
    expect(inkBox(crop(page!, { ...slotPlace(layout, 23), ...layout.label }))).toBeUndefined();
  });

  it('labels --from the saved result gives the same groups (as ZPL), sending nothing', async () => {
    const before = requests('/v1/doSendToFBA');
    const z = await inv(['labels', '--from', saved, '-o', 'zpl']);
    expect(z.code, z.stderr).toBe(0);
    expect(requests('/v1/doSendToFBA')).toBe(before);
    const formats = z.stdout.split('^XZ\n').filter(Boolean);
    expect(formats.map((f) => [/\^BC/.test(f), /\^PQ(\d+)/.exec(f)![1]])).toEqual([
      [false, '1'],
      [true, '11'],
      [false, '1'],
      [true, '10'],
    ]);
    expect(formats[0]).toContain(sent[0]!.shipmentId);
    expect(formats[1]).toContain(`^FD>:${sent[0]!.fnsku}^FS`);
    expect(formats[2]).toContain(sent[1]!.shipmentId);
  });

  it('shipments show --labels labels a whole shipment: its heading, then every unit it holds', async () => {
    const roll = join(fx.dir, 'shipment.pdf');
    const shown = await inv([
      'shipments',
      'show',
      sent[1]!.shipmentId,
      '--labels',
      roll,
      '--labels-layout',
      'thermal-2x1',
      '--json',
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).items).toEqual([
      expect.objectContaining({ msku: 'CABLE-USBC-2M', fnsku: sent[0]!.fnsku, quantity: 10 }),
    ]);
    expect(pdfInfo(roll).pages).toBe(11);
    expect(decodeCells(renderPages(roll, 1, 11), LAYOUTS['thermal-2x1']).map((p) => p[0])).toEqual([[], ...units(10)]);
  });
});

describe('bad input', () => {
  it.each([
    [
      'a malformed fnsku',
      ['labels', 'MUG-BLUE-11OZ', 'x000abc', '--count', '1', '--out', 'x.pdf'],
      /fnsku "x000abc" must be 10 capital letters or digits/,
    ],
    ['-o zpl elsewhere', ['items', 'list', '-o', 'zpl'], /-o zpl is for inv labels and inv pack only/],
  ])('refuses %s (exit 2, nothing sent)', async (_name, args, message) => {
    const before = fx.snapshot();
    const r = await inv(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(fx.snapshot()).toBe(before);
  });

  it.each([
    ['not JSON', '{', /--from -: not valid JSON/],
    ['an array', '[]', /must be the JSON object printed by inv send-to-fba --json/],
    ['no shipments', '{}', /holds no shipments/],
    [
      'a shipment without fnsku',
      JSON.stringify({
        FBA1: { shipmentId: 'FBA1', fc: 'PHX7', quantity: '2', itemLocation: { msku: 'MUG-BLUE-11OZ' } },
      }),
      /shipment "FBA1": fnsku must be a non-empty string/,
    ],
    [
      'a bad quantity',
      JSON.stringify({
        FBA1: {
          shipmentId: 'FBA1',
          fc: 'PHX7',
          fnsku: 'X000ABC123',
          quantity: '-2',
          itemLocation: { msku: 'MUG-BLUE-11OZ' },
        },
      }),
      /quantity must be a whole number from 1 to 100000/,
    ],
  ])('--from refuses %s', async (_name, stdin, message) => {
    const r = await inv(['labels', '--from', '-', '-o', 'zpl'], stdin);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('a file that cannot be written is named before anything is sent (exit 2): send-to-fba sends nothing', async () => {
    const nowhere = join(fx.dir, 'no-such-dir', 'x.pdf');
    const r = await inv(['labels', 'MUG-BLUE-11OZ', fnsku, '--count', '1', '--out', nowhere]);
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      2,
      `error: --out ${nowhere}: the directory ${join(fx.dir, 'no-such-dir')} does not exist`,
    ]);
    const before = requests('/v1/doSendToFBA');
    const sent = await inv(['send-to-fba', 'MUG-BLUE-11OZ', '1', '--from', '1', '--labels', nowhere, '--json']);
    expect(sent.code).toBe(2);
    expect(sent.stdout).toBe('');
    expect(sent.stderr).toMatch(/--labels .*no-such-dir.*does not exist/);
    expect(requests('/v1/doSendToFBA')).toBe(before);
  });

  it('an unknown item is not found (exit 3)', async () => {
    const r = await inv(['labels', 'NO-SUCH-MSKU', 'X000ABC123', '--count', '1', '-o', 'zpl']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
  });
});
