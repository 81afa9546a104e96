/** inv stock list/get/set and items get with quantities, against the sandbox's itemLocations. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

const inv = (args: string[]) => runInv(args, { env: fx.authed });
const table = (args: string[]) => runInv([...args, '-o', 'table'], { env: fx.authed, tty: true });
const qty = (msku: string, location: string) => fx.sandbox.account.stockOf(msku, location)?.quantity;

describe('inv stock list', () => {
  it("is an array of itemLocations whose quantities equal the server's", async () => {
    const r = await inv(['stock', 'list', '--msku', 'MUG-BLUE-11OZ', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const records = JSON.parse(r.stdout) as Array<{ msku: string; locationId: string; quantity: string; link: string }>;
    const server = Object.values(fx.sandbox.account.state.itemLocations).filter((il) => il.msku === 'MUG-BLUE-11OZ');
    expect(records.length).toBe(server.length);
    expect(records.length).toBeGreaterThan(1);
    for (const il of records) {
      expect(il.msku).toBe('MUG-BLUE-11OZ');
      expect(Number(il.quantity)).toBe(qty(il.msku, il.locationId));
      expect(il.link).toMatch(/\/v1\/itemLocations\/\d+$/);
    }
  });

  it('names locations in tables, filters by location name, and totals by msku', async () => {
    const r = await table(['stock', 'list', '--location', 'Shelf A1']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/ITEMLOCATION\s+MSKU\s+LOCATION\s+LOCATION ID\s+QUANTITY/);
    expect(lines.slice(1).length).toBeGreaterThan(0);
    for (const line of lines.slice(1)) expect(line).toMatch(/\sShelf A1\s+1\s/);
    const totals = await inv(['stock', 'list', '--by', 'msku', '--json']);
    const mug = (JSON.parse(totals.stdout) as Array<{ msku: string; quantity: number }>).find(
      (t) => t.msku === 'MUG-BLUE-11OZ',
    )!;
    // Every location that holds the mug: both shelves and the demo's inbound shipment.
    const held = Object.values(fx.sandbox.account.state.itemLocations).filter((il) => il.msku === 'MUG-BLUE-11OZ');
    expect(held.length).toBeGreaterThan(2);
    expect(mug.quantity).toBe(held.reduce((n, il) => n + il.quantity, 0));
    const byTable = await table(['stock', 'list', '--by', 'msku']);
    expect(byTable.stdout).toMatch(/MUG-BLUE-11OZ\s+[\d,]+\s+Shelf A1 \d+, Shelf A2 \d+/);
  });

  it('says when the server does not list stock (exit 1)', async () => {
    fx.sandbox.inventory.faults.add({ status: 405, times: 1, path: '/v1/itemLocations', method: 'GET' });
    const r = await inv(['stock', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/does not list stock/);
  });

  it('checks the msku and the location before any request', async () => {
    const long = await inv(['stock', 'list', '--msku', 'X'.repeat(81)]);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/--msku .*at most 80 characters/);
    const nowhere = await inv(['stock', 'list', '--location', 'Nowhere']);
    expect(nowhere.code).toBe(3);
    expect(nowhere.stderr).toMatch(/no location named "Nowhere"/);
  });
});

describe('inv stock get', () => {
  it('reads one itemLocation with its location name', async () => {
    const id = fx.sandbox.account.stockOf('BOOK-COOK-001', '1')!.id;
    const json = await inv(['stock', 'get', id, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      id,
      msku: 'BOOK-COOK-001',
      locationId: '1',
      quantity: String(qty('BOOK-COOK-001', '1')),
    });
    expect((await table(['stock', 'get', id])).stdout).toMatch(/Shelf A1/);
    expect((await inv(['stock', 'get', '99999'])).code).toBe(3);
  });
});

describe('inv stock set', () => {
  it('leaves exactly the count, sending the difference once, and shows before → after', async () => {
    const before = qty('MUG-BLUE-11OZ', '1')!;
    const posts = () => fx.sandbox.inventory.stats.count('/v1/itemLocations', 'POST');
    const sent = posts();
    const r = await inv(['stock', 'set', 'MUG-BLUE-11OZ', 'Shelf A1', '17', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(qty('MUG-BLUE-11OZ', '1')).toBe(17);
    expect(JSON.parse(r.stdout)).toMatchObject({ msku: 'MUG-BLUE-11OZ', locationId: '1', quantity: '17' });
    expect(r.stderr).toContain(`MUG-BLUE-11OZ in Shelf A1: ${before} → 17`);
    expect(r.stderr).not.toMatch(/warning/);
    expect(posts()).toBe(sent + 1);
    const again = await inv(['stock', 'set', 'MUG-BLUE-11OZ', 'Shelf A1', '17']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/17 → 17 \(already counted; nothing sent\)/);
    expect(posts()).toBe(sent + 1);
  });

  // A bad count or msku: test/unit/commands/stock.test.ts; the exit 2 with nothing sent: inventory-commands.test.ts.
  it('refuses a location without the item', async () => {
    const none = await inv(['stock', 'set', 'CABLE-USBC-2M', 'Returns', '4']);
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/no stock record in Returns/);
  });
});

describe('inv items get', () => {
  it('shows the quantity in each location in its table', async () => {
    const r = await table(['items', 'get', 'CABLE-USBC-2M']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`stock in Shelf A2 \\(2\\)\\s+${qty('CABLE-USBC-2M', '2')}`));
    const json = JSON.parse((await inv(['items', 'get', 'CABLE-USBC-2M', '--json'])).stdout);
    expect(json.stock).toBeUndefined();
  });
});
