/** Tables fit the terminal: long cells are cut with …, JSON keeps every byte. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { fitWidths } from '../../src/cli/output/table.js';

let fx: InventoryFixture;
const REF = 'A1SANDBOXMERCHANT:ATVPDKIKX0DER:FBA15LONGSHIPMENTID:SELLER_LABEL:' + 'x'.repeat(60);
beforeAll(async () => {
  fx = await inventoryFixture();
  const { account } = fx.sandbox;
  account.putLocation({
    id: account.nextLocationId(),
    display: 'Inbound shipment with a long name',
    order: 9,
    type: 'fbaShipment',
    ref: REF,
    notes: 'a note',
    created: account.now(),
    modified: null,
  });
});
afterAll(() => fx.close());

it('locations list on an 80-column terminal: no line wider than 80, the long ref cut with …', async () => {
  const r = await runInv(['locations', 'list'], { env: { ...fx.authed, COLUMNS: '80' }, tty: true });
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
  expect(r.stdout).toMatch(/ A1SANDBOX\S*… /);
  expect(lines.find((l) => l.includes('Inbound'))).toMatch(/^ *\d+ +Inbound[^…]*… /);
  const json = await runInv(['locations', 'list', '--json'], { env: { ...fx.authed, COLUMNS: '80' }, tty: true });
  expect(json.stdout).toContain(REF);
});

it('fitWidths takes from the widest column first and keeps headers whole', () => {
  expect(fitWidths(['ID', 'REF'], [['1', 'x'.repeat(50)]], 80)).toBeUndefined();
  expect(fitWidths(['ID', 'REF'], [['1', 'x'.repeat(50)]], 30)).toEqual([2, 26]);
  expect(fitWidths(['LONGHEADER', 'B'], [['x'.repeat(40), 'y'.repeat(40)]], 20)).toEqual([10, 8]);
});
