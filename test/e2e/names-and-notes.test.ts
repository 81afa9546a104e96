/**
 * What a new user hit with names and with nothing to show: a location name typed in decomposed Unicode, an msku filter
 * that matches nothing because of its case, and a label to open where no browser can open.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';

let fx: InventoryFixture;
const inv = (args: string[], env: Record<string, string> = {}) => runInv(args, { env: { ...fx.authed, ...env } });
const NO_BROWSER = { BROWSER: '', DISPLAY: '', WAYLAND_DISPLAY: '' };

beforeAll(async () => {
  fx = await inventoryFixture();
  const r = await inv([
    'locations',
    'create',
    '--display',
    'Étagère B'.normalize('NFC'),
    '--type',
    'shelf',
    '--order',
    '9',
  ]);
  expect(r.code, r.stderr).toBe(0);
});
afterAll(() => fx.close());

describe('a location name in decomposed Unicode (NFD, as some Mac files write it)', () => {
  it('finds the location its composed form names', async () => {
    const nfd = 'Étagère B'.normalize('NFD');
    expect(nfd).not.toBe('Étagère B'.normalize('NFC'));
    const r = await inv(['stock', 'list', '--location', nfd, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it('finds it in a batch file written in NFD (a Mac spreadsheet), as one move', async () => {
    const file = join(fx.dir, 'nfd-moves.csv');
    writeFileSync(file, `msku,quantity,from,to\nMUG-BLUE-11OZ,1,Shelf A1,${'Étagère B'.normalize('NFD')}\n`);
    const r = await inv(['move', '--file', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran' });
  });
});

describe('stock list --msku that matches nothing', () => {
  it('prints [] and says on stderr that no msku matched, suggesting the one that differs in case (exit 0)', async () => {
    const r = await inv(['stock', 'list', '--msku', 'mug-blue-11oz', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(r.stderr).toMatch(/no stock of msku "mug-blue-11oz".*did you mean MUG-BLUE-11OZ\?/s);
  });

  it('says so without a suggestion when no msku is near', async () => {
    const r = await inv(['stock', 'list', '--msku', 'NO-SUCH-THING', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/no stock of msku "NO-SUCH-THING"/);
    expect(r.stderr).not.toMatch(/did you mean/);
  });
});

describe('opening labels where no browser can open', () => {
  it('label --open exits 7 and gives the URL', async () => {
    const r = await inv(['label', 'MUG-BLUE-11OZ', 'X000ABCDEF', '--open'], NO_BROWSER);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toContain(`${fx.sandbox.baseUrl}/fnskuLabel?msku=MUG-BLUE-11OZ&fnsku=X000ABCDEF`);
  });

  it('send-to-fba --open-labels sends, prints the shipments, then exits 7 giving each label URL', async () => {
    const r = await inv(['send-to-fba', 'MUG-BLUE-11OZ', '2', '--from', '1', '--open-labels', '--json'], NO_BROWSER);
    expect(r.code, r.stderr).toBe(7);
    const sent = Object.values(JSON.parse(r.stdout) as Record<string, { fnskuLabel: string }>);
    expect(sent.length).toBeGreaterThan(0);
    for (const shipment of sent) expect(r.stderr).toContain(shipment.fnskuLabel);
  });
});
