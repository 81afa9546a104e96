/** inv pack in file mode: checks before anything is written, carton labels decoded back with zxing, the pack list, --json. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { pdfInfo } from '../helpers/labels.js';
import { decodePdf, THERMAL_DPI } from '../helpers/zxing.js';

let fx: InventoryFixture;
let shipment: string;
const BOOK = 'BOOK-COOK-001';
const MUG = 'MUG-BLUE-11OZ';
const fnskus: Record<string, string> = {};
const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });

// BOOK-COOK-001 x 6 goes to PHX7 whole; MUG-BLUE-11OZ x 12 is split over CLT2 and PHX7 (6 each), joining the open PHX7 shipment
// (not the demo's closed FBA10000001 there).
beforeAll(async () => {
  fx = await inventoryFixture();
  for (const [msku, qty] of [
    [BOOK, '6'],
    [MUG, '12'],
  ] as const) {
    const r = await inv(['send-to-fba', msku, qty, '--from', 'Shelf A1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    for (const s of Object.values(JSON.parse(r.stdout) as Record<string, { fnsku: string }>)) fnskus[msku] = s.fnsku;
  }
  const list = JSON.parse((await inv(['shipments', 'list', '--json'])).stdout) as Array<{
    shipmentId: string;
    center: string;
    units: number;
    status: string;
  }>;
  shipment = list.find((s) => s.center === 'PHX7' && s.status === 'open')!.shipmentId;
  expect(list.find((s) => s.center === 'PHX7' && s.status === 'open')!.units).toBe(12);
});
afterAll(() => fx.close());

const file = (name: string, text: string) => {
  const path = join(fx.dir, name);
  writeFileSync(path, text);
  return path;
};
const CONTENTS = `box,msku,quantity\n1,${BOOK},4\n2,${BOOK},2\n2,${MUG},2\n3,${MUG},4\n`;
const BOXES = 'box,weight,length,width,height\n1,12.5,18,14,10\n2,9,16,12,10\n3,7.25,14,12,8\n';
const SHIP_FROM = ['--ship-from', 'Acme Goods|12 Main St|Springfield, IL 62701|US'];
const boxId = (n: number) => `${shipment}U${String(n).padStart(6, '0')}`;

describe('inv pack from files', () => {
  it('writes one 4x6 carton label per box: Code 128 box id and PDF417 contents decode back to that box', async () => {
    const labels = join(fx.dir, 'cartons.pdf');
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('c.csv', CONTENTS),
      '--boxes',
      file('b.csv', BOXES),
      '--labels',
      labels,
      ...SHIP_FROM,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const info = pdfInfo(labels);
    expect(info.pages).toBe(3);
    expect(info.width).toBeCloseTo(4 * 72, 1);
    expect(info.height).toBeCloseTo(6 * 72, 1);
    const pages = decodePdf(labels, THERMAL_DPI);
    const expected = [
      `AMZN,PO:${shipment},FNSKU:${fnskus[BOOK]},QTY:4`,
      `AMZN,PO:${shipment},FNSKU:${fnskus[BOOK]},QTY:2,FNSKU:${fnskus[MUG]},QTY:2`,
      `AMZN,PO:${shipment},FNSKU:${fnskus[MUG]},QTY:4`,
    ];
    pages.forEach((symbols, i) => {
      expect(symbols.filter((s) => s.format === 'Code128').map((s) => s.text)).toEqual([boxId(i + 1)]);
      expect(symbols.filter((s) => s.format === 'PDF417').map((s) => s.text)).toEqual([expected[i]]);
    });
  });

  it('--layout letter-2up puts two cartons a Letter page, each decoding to its own box', async () => {
    const labels = join(fx.dir, 'cartons-2up.pdf');
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('c.csv', CONTENTS),
      '--boxes',
      file('b.csv', BOXES),
      '--labels',
      labels,
      '--layout',
      'letter-2up',
      ...SHIP_FROM,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(pdfInfo(labels)).toMatchObject({ pages: 2, width: 612, height: 792 });
    const codes = decodePdf(labels, THERMAL_DPI).map((page) =>
      page
        .filter((s) => s.format === 'Code128')
        .map((s) => s.text)
        .sort(),
    );
    expect(codes).toEqual([[boxId(1), boxId(2)], [boxId(3)]]);
  });

  it('-o zpl writes ZPL: a ^BC box id and a ^B7 PDF417 of the contents per carton', async () => {
    const labels = join(fx.dir, 'cartons.zpl');
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('c.csv', CONTENTS),
      '--boxes',
      file('b.csv', BOXES),
      '--labels',
      labels,
      '-o',
      'zpl',
      ...SHIP_FROM,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const zpl = readFileSync(labels, 'utf8');
    const cartons = zpl.split('^XZ').filter((s) => s.includes('^XA'));
    expect(cartons).toHaveLength(3);
    cartons.forEach((carton, i) => {
      expect(carton).toMatch(new RegExp(`\\^BC[^\\^]*\\^FD>:${boxId(i + 1)}\\^FS`));
      expect(carton).toMatch(/\^B7N,\d+,6,/);
    });
    expect(cartons[1]).toContain(`^FDAMZN,PO:${shipment},FNSKU:${fnskus[BOOK]},QTY:2,FNSKU:${fnskus[MUG]},QTY:2^FS`);
  });

  it('--pack-list writes the tab-separated pack list: header block, a row per msku with a column per box, then weights and sizes', async () => {
    const list = join(fx.dir, 'pack-list.tsv');
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('c.csv', CONTENTS),
      '--boxes',
      file('b.csv', BOXES),
      '--pack-list',
      list,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(list, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows[0]).toEqual(['Shipment ID', shipment]);
    expect(rows.find((row) => row[0] === 'Ship To')?.[1]).toBe('PHX7');
    expect(rows.find((row) => row[0] === 'Total SKUs')?.[1]).toBe('2');
    expect(rows.find((row) => row[0] === 'Total Units')?.[1]).toBe('12');
    const head = rows.findIndex((row) => row[0] === 'Merchant SKU');
    const header = rows[head]!;
    const col = (name: string) => header.indexOf(name);
    const boxCols = [1, 2, 3].map((n) => col(`${boxId(n)} - Unit Quantity`));
    expect(boxCols.every((c) => c > 0)).toBe(true);
    expect(col('FNSKU')).toBeGreaterThan(0);
    const line = (msku: string) => rows.find((row) => row[0] === msku)!;
    expect(line(BOOK)[col('FNSKU')]).toBe(fnskus[BOOK]);
    expect(line(BOOK)[col('Shipped')]).toBe('6');
    expect(boxCols.map((c) => line(BOOK)[c] ?? '')).toEqual(['4', '2', '']);
    expect(boxCols.map((c) => line(MUG)[c] ?? '')).toEqual(['', '2', '4']);
    const fact = (label: RegExp) => boxCols.map((c) => rows.find((row) => label.test(row[0]!))![c]);
    expect(fact(/^Box weight \(lb\)/)).toEqual(['12.5', '9', '7.25']);
    expect(fact(/^Box length \(in\)/)).toEqual(['18', '16', '14']);
    expect(fact(/^Box width \(in\)/)).toEqual(['14', '12', '12']);
    expect(fact(/^Box height \(in\)/)).toEqual(['10', '10', '8']);
  });

  it('--json prints the boxes and their contents; --units metric converts kg and cm', async () => {
    const metric = 'box,weight,length,width,height\n1,5,45,35,25\n2,4,40,30,25\n3,3,35,30,20\n';
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('c.csv', CONTENTS),
      '--boxes',
      file('bm.csv', metric),
      '--units',
      'metric',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      shipmentId: string;
      boxes: Array<{
        box: number;
        boxId: string;
        weightLb: number;
        items: Array<{ msku: string; fnsku: string; quantity: number }>;
      }>;
    };
    expect(out.shipmentId).toBe(shipment);
    expect(out.boxes.map((b) => b.boxId)).toEqual([boxId(1), boxId(2), boxId(3)]);
    expect(out.boxes[1]!.items).toEqual([
      { msku: BOOK, fnsku: fnskus[BOOK], quantity: 2 },
      { msku: MUG, fnsku: fnskus[MUG], quantity: 2 },
    ]);
    expect(out.boxes[0]!.weightLb).toBeCloseTo(11.02, 2);
  });
});

describe('inv pack refuses before writing anything', () => {
  const refused = async (contents: string, boxes: string, extra: string[] = []) => {
    const labels = join(fx.dir, 'refused.pdf');
    const list = join(fx.dir, 'refused.tsv');
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('rc.csv', contents),
      '--boxes',
      file('rb.csv', boxes),
      '--labels',
      labels,
      '--pack-list',
      list,
      ...SHIP_FROM,
      ...extra,
    ]);
    expect(r.code, r.stderr).toBe(2);
    expect(existsSync(labels)).toBe(false);
    expect(existsSync(list)).toBe(false);
    return r.stderr;
  };

  it('an over-packed file: exit 2 naming the box and the msku, no file written', async () => {
    const over = CONTENTS.replace(`3,${MUG},4`, `3,${MUG},5`);
    expect(await refused(over, BOXES)).toMatch(new RegExp(`box 3.*${MUG}|${MUG}.*box 3`));
    expect(await refused(over, BOXES, ['--partial'])).toMatch(/more than the shipment holds/);
  });

  it('fewer units than the shipment holds unless --partial; unknown mskus refused', async () => {
    const fewer = CONTENTS.replace(`3,${MUG},4`, `3,${MUG},3`);
    expect(await refused(fewer, BOXES)).toMatch(new RegExp(`${MUG}.*1 unit.*not packed|--partial`));
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('pc.csv', fewer),
      '--boxes',
      file('pb.csv', BOXES),
      '--partial',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(await refused(`${CONTENTS}3,LAMP-DESK-LED,1\n`, BOXES)).toMatch(/LAMP-DESK-LED.*not in shipment/);
  });

  it('weight over 100 lb refused, over 50 lb marked team lift; a side over 25 in unless --oversize', async () => {
    expect(await refused(CONTENTS, BOXES.replace('1,12.5,', '1,101,'))).toMatch(/box 1.*100 lb/);
    expect(await refused(CONTENTS, BOXES.replace('1,12.5,18', '1,12.5,26'))).toMatch(/box 1.*25 in.*--oversize/);
    const r = await inv([
      'pack',
      shipment,
      '--file',
      file('c.csv', CONTENTS),
      '--boxes',
      file('tb.csv', BOXES.replace('1,12.5,18', '1,60,26')),
      '--oversize',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { boxes: Array<{ teamLift: boolean }> }).boxes.map((b) => b.teamLift)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('bad rows name the row and the rule', async () => {
    expect(await refused(CONTENTS.replace(`1,${BOOK},4`, `1,${BOOK},four`), BOXES)).toMatch(/row 2.*quantity/);
    expect(await refused(CONTENTS, BOXES.replace('3,7.25,14,12,8\n', ''))).toMatch(/box 3.*--boxes/);
  });
});

describe('inv pack reads CSV as people save it (the one CSV reader)', () => {
  const packJson = (contents: string, boxes = BOXES, extra: string[] = []) =>
    inv([
      'pack',
      shipment,
      '--file',
      file('saved.csv', contents),
      '--boxes',
      file('saved-b.csv', boxes),
      '--json',
      ...extra,
    ]);
  const boxesOf = (stdout: string) =>
    (JSON.parse(stdout) as { boxes: Array<{ items: Array<{ msku: string; quantity: number }> }> }).boxes.map((b) =>
      b.items.map((i) => `${i.msku}:${i.quantity}`),
    );
  const PACKED = [[`${BOOK}:4`], [`${BOOK}:2`, `${MUG}:2`], [`${MUG}:4`]];

  it('a contents file saved by a European Excel: sep=; line, semicolons, a quoted field holding a comma', async () => {
    const european =
      'sep=;\r\nbox;msku;quantity;note\r\n' +
      `1;${BOOK};4;"cookbook, 2nd edition"\r\n2;${BOOK};2;\r\n2;${MUG};2;"blue; 11 oz"\r\n3;${MUG};4;\r\n`;
    const r = await packJson(european);
    expect(r.code, r.stderr).toBe(0);
    expect(boxesOf(r.stdout)).toEqual(PACKED);
  });

  it('a delimiter inside a quoted header name is not the delimiter', async () => {
    const quoted = `box,msku,quantity,"note; free text"\n1,${BOOK},4,a\n2,${BOOK},2,b\n2,${MUG},2,c\n3,${MUG},4,d\n`;
    const r = await packJson(quoted);
    expect(r.code, r.stderr).toBe(0);
    expect(boxesOf(r.stdout)).toEqual(PACKED);
  });

  it('--delimiter names the separator for both files', async () => {
    const piped = CONTENTS.replaceAll(',', '|');
    const r = await packJson(piped, BOXES.replaceAll(',', '|'), ['--delimiter', '|']);
    expect(r.code, r.stderr).toBe(0);
    expect(boxesOf(r.stdout)).toEqual(PACKED);
  });

  it('a header naming a column twice is refused, naming the column', async () => {
    const twice = `box,msku,quantity,MSKU\n1,${BOOK},4,${MUG}\n`;
    const r = await packJson(twice);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--file \S+saved\.csv: the header names column "msku" twice/);
  });
});

describe('inv pack refuses what its outputs could not say truly (security, third pass)', () => {
  const run = (contents: string, boxes: string, extra: string[]) =>
    inv(['pack', shipment, '--file', file('t3c.csv', contents), '--boxes', file('t3b.csv', boxes), ...extra]);
  const isoDay = (years: number, days = 0) => {
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() + years);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  it('a weight under what the label prints (0.01 lb) is refused, not printed as "0 lb"', async () => {
    const r = await run(CONTENTS, BOXES.replace('1,12.5,', '1,0.001,'), ['--json']);
    expect(r.stdout).not.toMatch(/"weightLb": ?0\b/);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/box 1 .*0\.01 lb/);
    const kg = await run(CONTENTS, BOXES.replace('1,12.5,', '1,0.001,'), ['--json', '--units', 'metric']);
    expect(kg.code, kg.stderr).toBe(2);
  });

  it('expiry dates outside a year back to ten years ahead are refused; years 0000 and 2100 no longer both read EXP:000101', async () => {
    const withExp = (exp: string) =>
      `box,msku,quantity,exp\n1,${BOOK},4,${exp}\n2,${BOOK},2,\n2,${MUG},2,\n3,${MUG},4,\n`;
    for (const exp of ['0000-01-01', '2100-01-01', isoDay(-1, -1), isoDay(10, 1)]) {
      const r = await run(withExp(exp), BOXES, ['--json']);
      expect(r.code, `${exp}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`row 2.*exp "${exp}".*${isoDay(-1)}.*${isoDay(10)}`));
    }
    for (const exp of [isoDay(-1), isoDay(10), isoDay(0, 30)]) {
      const r = await run(withExp(exp), BOXES, ['--json']);
      expect(r.code, `${exp}: ${r.stderr}`).toBe(0);
    }
  });

  it('one file named for both outputs is refused before anything is written', async () => {
    const same = join(fx.dir, 'both.out');
    const r = await run(CONTENTS, BOXES, ['--labels', same, '--pack-list', same, ...SHIP_FROM]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--labels and --pack-list name the same file/);
    expect(existsSync(same)).toBe(false);
    const dotted = await run(CONTENTS, BOXES, [
      '--labels',
      same,
      '--pack-list',
      join(fx.dir, '.', 'both.out'),
      ...SHIP_FROM,
    ]);
    expect(dotted.code, dotted.stderr).toBe(2);
  });
});
