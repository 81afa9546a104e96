/** inv shipments list/show over the fbaShipment locations that doSendToFBA makes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

let fx: InventoryFixture;
let sent: Record<
  string,
  { shipmentId: string; fc: string; fnsku: string; itemLocation: { quantity: string; locationId: string } }
>;
beforeAll(async () => {
  fx = await inventoryFixture();
  const r = await runInv(['send-to-fba', 'MUG-BLUE-11OZ', '24', '--from', 'Shelf A1', '--json'], { env: fx.authed });
  expect(r.code, r.stderr).toBe(0);
  sent = JSON.parse(r.stdout);
});
afterAll(() => fx.close());

const inv = (args: string[]) => runInv(args, { env: fx.authed });
/** The shipment the demo seed holds: sent earlier, closed, waiting to be packed. */
const DEMO = 'FBA10000001';

describe('inv shipments', () => {
  it("lists the demo's closed shipment and the open ones the send made (never joining it), with center and units", async () => {
    const r = await inv(['shipments', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout) as Array<{
      shipmentId: string;
      center: string;
      units: number;
      status: string;
      locationId: string;
    }>;
    expect(list.map((s) => s.shipmentId).sort()).toEqual([DEMO, ...Object.keys(sent)].sort());
    expect(Object.values(sent).map((s) => s.fc)).toContain('PHX7');
    expect(list.find((s) => s.shipmentId === DEMO)).toMatchObject({ center: 'PHX7', units: 12, status: 'closed' });
    for (const s of list.filter((l) => l.shipmentId !== DEMO)) {
      expect(s).toMatchObject({
        center: sent[s.shipmentId]!.fc,
        units: Number(sent[s.shipmentId]!.itemLocation.quantity),
        status: 'open',
        locationId: sent[s.shipmentId]!.itemLocation.locationId,
      });
    }
    const table = await runInv(['shipments', 'list', '-o', 'table'], { env: fx.authed, tty: true });
    expect(table.stdout).toMatch(/^SHIPMENT\s+LOCATION\s+CENTER\s+UNITS\s+STATUS/);
  });

  it('shows a closed shipment as closed once a new one is open for its center', async () => {
    const first = Object.values(sent)[0]!;
    const closed = await fetch(`${fx.sandbox.baseUrl}/_sandbox/shipments/${first.shipmentId}/close`, {
      method: 'POST',
    });
    expect(closed.status).toBe(200);
    expect((await inv(['send-to-fba', 'MUG-BLUE-11OZ', '24', '--from', 'Shelf A1'])).code).toBe(0);
    const list = JSON.parse((await inv(['shipments', 'list', '--json'])).stdout) as Array<{
      shipmentId: string;
      status: string;
    }>;
    expect(list.find((s) => s.shipmentId === first.shipmentId)!.status).toBe('closed');
    const open = JSON.parse((await inv(['shipments', 'list', '--open', '--json'])).stdout) as Array<{
      shipmentId: string;
    }>;
    expect(open.map((s) => s.shipmentId)).not.toContain(first.shipmentId);
  });

  it('shows what a shipment holds: msku, fnsku, quantity', async () => {
    const one = Object.values(sent)[1]!;
    const held = fx.sandbox.account.stockOf('MUG-BLUE-11OZ', one.itemLocation.locationId)!.quantity;
    const r = await inv(['shipments', 'show', one.shipmentId, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      shipmentId: one.shipmentId,
      center: one.fc,
      items: [{ msku: 'MUG-BLUE-11OZ', fnsku: one.fnsku, quantity: held }],
    });
    const table = await runInv(['shipments', 'show', one.shipmentId, '-o', 'table'], { env: fx.authed, tty: true });
    expect(table.stdout).toMatch(new RegExp(`MUG-BLUE-11OZ\\s+${one.fnsku}\\s+${held}`));
    const missing = await inv(['shipments', 'show', 'FBA1NOPE']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/no FBA shipment "FBA1NOPE"/);
    const unwritable = await inv(['shipments', 'show', one.shipmentId, '--labels', '/no/such/dir/x.pdf']);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toMatch(/--labels \/no\/such\/dir\/x\.pdf: the directory \/no\/such\/dir does not exist/);
  });
  it("shows the demo's shipment: what it holds, as planned, and PHX7's address", async () => {
    const r = await inv(['shipments', 'show', DEMO, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const shown = JSON.parse(r.stdout) as {
      center: string;
      status: string;
      shipTo: string[];
      plan: unknown[];
      items: unknown[];
    };
    // The fnsku an inbound plan gives each msku: the one its labels must carry.
    const held: Array<[string, number, string]> = [];
    for (const msku of ['BOOK-COOK-001', 'MUG-BLUE-11OZ']) {
      const plan = Object.values(
        JSON.parse((await inv(['plan', msku, '1', '--json'])).stdout) as Record<
          string,
          { items: Record<string, { fnsku: string }> }
        >,
      );
      held.push([msku, 6, plan[0]!.items[msku]!.fnsku]);
    }
    const phoenix = ['Amazon.com Services, Inc.', '800 N 75th Ave', 'Phoenix, AZ 85043-2101', 'US'];
    expect(shown).toMatchObject({ center: 'PHX7', status: 'closed', shipTo: phoenix });
    expect(shown.items).toEqual(
      held.map(([msku, quantity, fnsku]) => expect.objectContaining({ msku, quantity, fnsku })),
    );
    expect(shown.plan).toEqual(held.map(([msku, quantity, fnsku]) => ({ msku, quantity, fnsku })));
  });

  it("keeps each shipment's center address and plan, and shows them", async () => {
    const plan = JSON.parse((await inv(['plan', 'LAMP-DESK-LED', '5', '--json'])).stdout) as Record<
      string,
      { fulfillmentCenterId: string; shipToAddr: Record<string, string> }
    >;
    const { fulfillmentCenterId: fc, shipToAddr: addr } = Object.values(plan)[0]!;
    let shipmentId = '';
    let fnsku = '';
    for (const qty of ['5', '3']) {
      const r = await inv(['send-to-fba', 'LAMP-DESK-LED', qty, '--from', 'Shelf A1', '--json']);
      expect(r.code, r.stderr).toBe(0);
      ({ shipmentId, fnsku } = Object.values(
        JSON.parse(r.stdout) as Record<string, { shipmentId: string; fnsku: string }>,
      )[0]!);
    }
    const r = await inv(['shipments', 'show', shipmentId, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const shown = JSON.parse(r.stdout) as {
      center: string;
      shipTo: string[];
      plan: Array<{ msku: string; fnsku: string; quantity: number }>;
    };
    expect(shown.center).toBe(fc);
    expect(shown.shipTo).toEqual([addr.name, addr.addr1, `${addr.city}, ${addr.state} ${addr.zip}`, addr.country]);
    expect(shown.plan).toEqual([{ msku: 'LAMP-DESK-LED', fnsku, quantity: 8 }]);
    const table = await runInv(['shipments', 'show', shipmentId, '-o', 'table'], { env: fx.authed, tty: true });
    expect(table.stdout).toContain(addr.addr1);
    expect(table.stdout).toMatch(new RegExp(`LAMP-DESK-LED\\s+${fnsku}\\s+8\\s+8`));
  });
});
