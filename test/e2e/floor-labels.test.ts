/** inv locations labels: bin labels read back (zbarimg, each sheet cell and each roll label) to the LOC-id a scan mode resolves; ZPL the same. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { decodeCells, pdfInfo, renderPages } from '../helpers/labels.js';
import { LAYOUTS } from '../../src/labels/layouts.js';

let fx: InventoryFixture;
let locations: Array<{ id: string; display: string; order: string }>;
beforeAll(async () => {
  fx = await inventoryFixture();
  locations = JSON.parse((await inv(['locations', 'list', '--all', '--json'])).stdout);
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
/**
 * The symbols on each label of a two-label thermal roll, as zbarimg reads them ("CODE-128:LOC-1"): one label a page,
 * and no page more. zbarimg where zxing would take ~0.2 s of CPU more to start (Python and numpy) for the same reading.
 */
function rollSymbols(file: string): string[][] {
  expect(pdfInfo(file).pages).toBe(2);
  return decodeCells(renderPages(file, 1, 2), LAYOUTS['thermal-2x1']).map(([label]) => label!);
}
/** What a scanner types for a symbol zbarimg read: its data, without the symbology. */
const typed = (symbol: string | undefined) => symbol?.slice(symbol.indexOf(':') + 1);

describe('inv locations labels', () => {
  it('draws one Code 128 label per location on a sheet, each holding LOC- and its id', async () => {
    const file = join(fx.dir, 'bins.pdf');
    const r = await inv(['locations', 'labels', '--all', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    const byOrder = [...locations].sort((a, b) => Number(a.order) - Number(b.order) || Number(a.id) - Number(b.id));
    // zbarimg, one cell at a time (zxing reads a whole sheet of similar symbols badly): the sort order, then blank places.
    const [page] = decodeCells(renderPages(file, 1, 1), LAYOUTS['avery-5160']);
    expect(page).toEqual([
      ...byOrder.map((l) => [`CODE-128:LOC-${l.id}`]),
      ...Array.from({ length: 30 - byOrder.length }, () => []),
    ]);
    expect(r.stderr).toContain(`${locations.length} labels (avery-5160) on 1 sheet written to ${file}`);
  });

  it('labels the locations given by name or id on a thermal roll, one a page, in the order given', async () => {
    const [a, b] = locations;
    const file = join(fx.dir, 'roll.pdf');
    const r = await inv(['locations', 'labels', a!.display, b!.id, '--layout', 'thermal-2x1', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(rollSymbols(file)).toEqual([[`CODE-128:LOC-${a!.id}`], [`CODE-128:LOC-${b!.id}`]]);
  });

  it('reads back, label by label, to codes a scan session takes as its bins', async () => {
    const file = join(fx.dir, 'shelves.pdf');
    const r = await inv(['locations', 'labels', 'Shelf A1', 'Shelf A2', '--layout', 'thermal-2x1', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    const [from, to] = rollSymbols(file).map((symbols) => typed(symbols[0]));
    // The decoded labels as a scanner would type them: the first a leg's source, the second its destination.
    const moved = await inv(['move', '--scan', '--json'], `${from}\nLAMP-DESK-LED\n${to}\n\n`);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stderr).toContain('✓ leg LOC-1 → LOC-2: 1 × LAMP-DESK-LED');
    expect(JSON.parse(moved.stdout)).toMatchObject({ done: 1 });
  });

  it('writes ZPL whose barcode field holds the same code, and the code resolves as a location argument', async () => {
    const [a] = locations;
    const r = await inv(['locations', 'labels', a!.id, '-o', 'zpl']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`^BCN,`);
    expect(r.stdout).toContain(`^FD>:LOC-${a!.id}^FS`);
    const got = await inv(['locations', 'get', `LOC-${a!.id}`, '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id: a!.id, display: a!.display });
  });

  it('refuses nothing to label, and both locations and --all', async () => {
    expect((await inv(['locations', 'labels', '--out', 'x.pdf'])).stderr).toContain('give the locations to label');
    const both = await inv(['locations', 'labels', '1', '--all', '--out', 'x.pdf']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
    const unknown = await inv(['locations', 'labels', 'No Such Shelf', '--out', join(fx.dir, 'none.pdf')]);
    expect(unknown.stderr).toContain('no location named "No Such Shelf"');
  });
});
