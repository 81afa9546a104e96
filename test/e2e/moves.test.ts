/** doMoveItem, doSendToFBA, the plan and labels against the sandbox: validations, shipments, retries, nothing sent twice. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInTerminal } from '../helpers/terminal.js';
import { BIN, childEnv, spawnInv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
  expect(
    (
      await runInv(['items', 'create', '--msku', 'NOT-ON-PO', '--title', 'Not on any purchase', '--cond', 'new'], {
        env: fx.authed,
      })
    ).code,
  ).toBe(0);
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
const state = () => fx.sandbox.account.state;
const qty = (msku: string, location: string) => fx.sandbox.account.stockOf(msku, location)?.quantity ?? 0;
const requests = (path: string) => fx.sandbox.inventory.stats.count(path);

describe('doMoveItem', () => {
  it('moves between locations and returns the destination itemLocation', async () => {
    const [a, b] = [qty('BOOK-COOK-001', '1'), qty('BOOK-COOK-001', '2')];
    const r = await inv(['move', 'BOOK-COOK-001', '5', '--from', 'Shelf A1', '--to', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ msku: 'BOOK-COOK-001', locationId: '2', quantity: String(b + 5) });
    expect([qty('BOOK-COOK-001', '1'), qty('BOOK-COOK-001', '2')]).toEqual([a - 5, b + 5]);
  });

  it('shows source and destination by name with their quantities after the move', async () => {
    const r = await runInv(['move', 'PUZZLE-1000', '4', '--from', 'Shelf A2', '--to', 'Shelf A1', '-o', 'table'], {
      env: fx.authed,
      tty: true,
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/LOCATION\s+ID\s+QUANTITY AFTER/);
    expect(lines[1]).toMatch(new RegExp(`^from\\s+Shelf A2\\s+2\\s+${qty('PUZZLE-1000', '2')}$`));
    expect(lines[2]).toMatch(new RegExp(`^to\\s+Shelf A1\\s+1\\s+${qty('PUZZLE-1000', '1')}$`));
    expect(qty('PUZZLE-1000', '1')).toBe(4);
  });

  it('receives from a purchase, adding to qtyReceived', async () => {
    const before = state().purchases['5001']!.items['LAMP-DESK-LED']!.qtyReceived;
    const r = await inv(
      ['move', 'LAMP-DESK-LED', '7', '--from-purchase', '5001', '--to', 'Shelf A2', '-o', 'table'],
      undefined,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(state().purchases['5001']!.items['LAMP-DESK-LED']!.qtyReceived).toBe(before + 7);
    expect(qty('LAMP-DESK-LED', '2')).toBe(7);
  });

  it.each([
    [
      'too little at the source',
      { msku: 'MUG-BLUE-11OZ', quantity: 999999, fromLocationId: 1, toLocationId: 2 },
      400,
      /holds \d+ of "MUG-BLUE-11OZ", fewer than the 999999 asked/,
    ],
    [
      'an unknown msku',
      { msku: 'NOPE', quantity: 1, fromLocationId: 1, toLocationId: 2 },
      404,
      /item "NOPE" not found/,
    ],
    [
      'an unknown purchase item',
      { msku: 'MUG-BLUE-11OZ', quantity: 1, fromPurchaseId: 9999, toLocationId: 2 },
      404,
      /purchase 9999 not found/,
    ],
    [
      'no purchaseItem for the msku',
      { msku: 'NOT-ON-PO', quantity: 1, fromPurchaseId: 5001, toLocationId: 2 },
      404,
      /purchase 5001 has no purchaseItem for msku "NOT-ON-PO"/,
    ],
    [
      'no from field',
      { msku: 'MUG-BLUE-11OZ', quantity: 1, toLocationId: 2 },
      400,
      /exactly one of fromLocationId or fromPurchaseId/,
    ],
    [
      'both from fields',
      { msku: 'MUG-BLUE-11OZ', quantity: 1, fromLocationId: 1, fromPurchaseId: 5001, toLocationId: 2 },
      400,
      /exactly one of fromLocationId or fromPurchaseId/,
    ],
    [
      'a bad quantity',
      { msku: 'MUG-BLUE-11OZ', quantity: -3, fromLocationId: 1, toLocationId: 2 },
      400,
      /quantity: must be a positive whole number/,
    ],
    [
      'a fractional quantity',
      { msku: 'MUG-BLUE-11OZ', quantity: 1.5, fromLocationId: 1, toLocationId: 2 },
      400,
      /quantity: must be a positive whole number/,
    ],
    ['no destination', { msku: 'MUG-BLUE-11OZ', quantity: 1, fromLocationId: 1 }, 400, /toLocationId is required/],
    [
      'a source that cannot move',
      { msku: 'MUG-BLUE-11OZ', quantity: 1, fromLocationId: 5, toLocationId: 2 },
      400,
      /cannot take stock from location 5/,
    ],
  ])('refuses %s and changes nothing', async (_name, body, status, message) => {
    const before = fx.snapshot();
    const r = await inv(['api', 'POST', '/v1/doMoveItem', '--input', '-'], JSON.stringify(body));
    const answer = JSON.parse(r.stdout);
    expect(answer.code).toBe(status);
    expect(answer.message).toMatch(message as RegExp);
    expect(fx.snapshot()).toBe(before);
  });

  it('sends a quantity of 999999999 (the server refuses it for want of stock); 1000000000 is refused before sending (exit 2)', async () => {
    const before = requests('/v1/doMoveItem');
    const sends = requests('/v1/doSendToFBA');
    const held = qty('MUG-BLUE-11OZ', '1');
    const largest = await inv(['move', 'MUG-BLUE-11OZ', '999999999', '--from', '1', '--to', '2']);
    expect(largest.code, largest.stderr).toBe(1);
    expect(requests('/v1/doMoveItem')).toBe(before + 1);
    const over = [
      ['move', 'MUG-BLUE-11OZ', '1000000000', '--from', '1', '--to', '2'],
      ['send-to-fba', 'MUG-BLUE-11OZ', '1000000000', '--from', '1'],
    ];
    for (const verb of over) {
      const r = await inv(verb);
      expect(r.code, verb.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/quantity "1000000000" must be a whole number from 1 to 999999999/);
    }
    expect(requests('/v1/doMoveItem')).toBe(before + 1);
    expect(requests('/v1/doSendToFBA')).toBe(sends);
    expect(qty('MUG-BLUE-11OZ', '1')).toBe(held);
  });
});

describe('doSendToFBA and the plan', () => {
  it('a plan of 10 or more units is split over two centres; doSendToFBA then creates two shipments', async () => {
    const plan = JSON.parse((await inv(['plan', 'CABLE-USBC-2M', '20'])).stdout);
    const shipments = Object.values(plan) as Array<{
      fulfillmentCenterId: string;
      items: Record<string, { qty: string; fnsku: string }>;
      shipToAddr: { city: string };
    }>;
    expect(shipments).toHaveLength(2);
    expect(shipments.map((s) => Number(s.items['CABLE-USBC-2M']!.qty))).toEqual([10, 10]);
    expect(new Set(shipments.map((s) => s.fulfillmentCenterId)).size).toBe(2);
    expect(shipments[0]!.items['CABLE-USBC-2M']!.fnsku).toMatch(/^X000/);
    const sent = JSON.parse((await inv(['send-to-fba', 'CABLE-USBC-2M', '20', '--from', '2'])).stdout);
    const results = Object.values(sent) as Array<{
      newShipment: boolean;
      quantity: string;
      itemLocation: { quantity: string; locationId: string };
      fc: string;
      prepType: string;
    }>;
    expect(results).toHaveLength(2);
    expect(results.every((s) => s.newShipment && s.prepType === 'SELLER_LABEL')).toBe(true);
    for (const [shipmentId, s] of Object.entries(sent) as Array<[string, { itemLocation: { locationId: string } }]>) {
      const location = state().locations[s.itemLocation.locationId]!;
      expect(location).toMatchObject({
        type: 'fbaShipment',
        display: shipmentId,
        ref: `A1SANDBOXMERCHANT:ATVPDKIKX0DER:${shipmentId}:SELLER_LABEL`,
      });
    }
  });

  it('reuses the open shipment, sums its total, and opens a new one once it is closed', async () => {
    const first = JSON.parse((await inv(['send-to-fba', 'PUZZLE-1000', '4', '--from', '2'])).stdout);
    const [id1] = Object.keys(first);
    const again = JSON.parse((await inv(['send-to-fba', 'PUZZLE-1000', '3', '--from', '2'])).stdout);
    expect(Object.keys(again)).toEqual([id1]);
    expect(again[id1!]).toMatchObject({ newShipment: false, quantity: '3', itemLocation: { quantity: '7' } });
    const key = Object.keys(state().settings).find(
      (k) =>
        k.startsWith('OPEN_SHIPMENT_A1SANDBOXMERCHANT_ATVPDKIKX0DER_') &&
        state().settings[k] === again[id1!].itemLocation.locationId,
    );
    expect(key).toMatch(/_SELLER_LABEL$/);
    expect((await runInv(['api', 'POST', `/_sandbox/shipments/${id1}/close`], { env: fx.authed })).code).toBe(0);
    const third = JSON.parse((await inv(['send-to-fba', 'PUZZLE-1000', '2', '--from', '2'])).stdout);
    const [id3] = Object.keys(third);
    expect(id3).not.toBe(id1);
    expect(third[id3!]).toMatchObject({ newShipment: true, quantity: '2', itemLocation: { quantity: '2' } });
    expect(state().settings[key!]).toBe(third[id3!].itemLocation.locationId);
  });

  it('shows shipments with fnsku and label URL in a table', async () => {
    const r = await runInv(['send-to-fba', 'MUG-BLUE-11OZ', '2', '--from', '1', '-o', 'table'], {
      env: fx.authed,
      tty: true,
    });
    expect(r.stdout).toMatch(
      /^SHIPMENT\s+CENTER\s+ADDED\s+IN SHIPMENT\s+NEW\s+FNSKU\s+LABEL\n\S+\s+[A-Z0-9]{4}\s+2\s+\d+\s+(yes|no)\s+X000\w{6}\s+http:\/\/127\.0\.0\.1:\d+\/fnskuLabel\?msku=MUG-BLUE-11OZ&fnsku=X000\w{6}/,
    );
    const plan = await runInv(['plan', 'MUG-BLUE-11OZ', '60', '-o', 'table'], { env: fx.authed, tty: true });
    expect(plan.stdout.trim().split('\n')).toHaveLength(4);
    expect(plan.stdout).toMatch(/SHIP TO/);
  });

  it('refuses --fields (the JSON is keyed by shipment id)', async () => {
    const r = await inv(['plan', 'MUG-BLUE-11OZ', '5', '--fields', 'fc']);
    expect(r.code).toBe(2);
  });
});

describe('retries and single sends', () => {
  it('retries reads through 429 and 503', async () => {
    fx.sandbox.inventory.faults.add({ status: 503, times: 1, path: '/v1/items', method: 'GET' });
    fx.sandbox.inventory.faults.add({ status: 429, times: 1, path: '/v1/items', method: 'GET', retryAfter: 0 });
    const before = requests('/v1/items');
    const r = await inv(['items', 'list', '--limit', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(3);
    expect(requests('/v1/items') - before).toBe(3);
  });

  it.each([
    ['a 503 on doMoveItem', ['move', 'MUG-BLUE-11OZ', '1', '--from', '1', '--to', '2'], '/v1/doMoveItem', 503, 1, 0],
    ['a 503 on doSendToFBA', ['send-to-fba', 'MUG-BLUE-11OZ', '1', '--from', '1'], '/v1/doSendToFBA', 503, 1, 0],
    [
      'a dropped connection on doMoveItem',
      ['move', 'MUG-BLUE-11OZ', '1', '--from', '1', '--to', '2'],
      '/v1/doMoveItem',
      'drop',
      1,
      -1,
    ],
    [
      'a dropped connection on doSendToFBA',
      ['send-to-fba', 'MUG-BLUE-11OZ', '1', '--from', '1'],
      '/v1/doSendToFBA',
      'drop',
      1,
      -1,
    ],
  ] as const)('%s is reported, never sent again', async (_name, args, path, status, exit, change) => {
    fx.sandbox.inventory.faults.add({ status, times: 5, path, retryAfter: 0 });
    const before = { requests: requests(path), shelf: qty('MUG-BLUE-11OZ', '1') };
    const r = await inv([...args]);
    expect(r.code).toBe(exit);
    if (status === 'drop') expect(r.stderr).toMatch(/may or may not have been applied/);
    expect(requests(path) - before.requests).toBe(1);
    expect(qty('MUG-BLUE-11OZ', '1') - before.shelf).toBe(change);
  });

  it('a 429 on doMoveItem that lasts past the 30 s a command waits is reported (exit 5), applied never', async () => {
    fx.sandbox.inventory.faults.add({ status: 429, times: 1, path: '/v1/doMoveItem', retryAfter: 40 });
    const before = { requests: requests('/v1/doMoveItem'), shelf: qty('MUG-BLUE-11OZ', '1') };
    const r = await inv(['move', 'MUG-BLUE-11OZ', '1', '--from', '1', '--to', '2']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/the API asks to wait 40 s/);
    expect(requests('/v1/doMoveItem') - before.requests).toBe(1);
    expect(qty('MUG-BLUE-11OZ', '1')).toBe(before.shelf);
  });
});

describe('labels', () => {
  it('inv label --out saves a PNG whose barcode decodes to the fnsku', async () => {
    const sent = JSON.parse((await inv(['send-to-fba', 'MUG-BLUE-11OZ', '1', '--from', '1'])).stdout);
    const { fnsku } = Object.values(sent)[0] as { fnsku: string };
    const file = join(fx.dir, 'label.png');
    const r = await inv(['label', 'MUG-BLUE-11OZ', fnsku, '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    const decoded = execFileSync('zbarimg', ['-q', '--raw', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    expect(decoded).toBe(fnsku);
    const small = join(fx.dir, 'small.png');
    expect((await inv(['label', 'MUG-BLUE-11OZ', fnsku, '--out', small, '--width', '300'])).code).toBe(0);
    expect((await import('node:fs')).readFileSync(small).readUInt32BE(16)).toBeLessThanOrEqual(300);
    expect(
      execFileSync('zbarimg', ['-q', '--raw', small], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    ).toBe(fnsku);
  });

  it('prints the label URL on a terminal (or with --url), and rejects a malformed fnsku before any request', async () => {
    const r = await runInv(['label', 'MUG-BLUE-11OZ', 'X000ABCDEF'], { env: fx.authed, tty: true });
    expect(r.stdout.trim()).toBe(`${fx.sandbox.baseUrl}/fnskuLabel?msku=MUG-BLUE-11OZ&fnsku=X000ABCDEF`);
    expect((await inv(['label', 'MUG-BLUE-11OZ', 'X000ABCDEF', '--url'])).stdout.trim()).toBe(r.stdout.trim());
    expect((await inv(['label', 'MUG-BLUE-11OZ', 'nope'])).code).toBe(2);
  });

  it('writes the PNG itself when stdout is not a terminal, using the example of its help', async () => {
    const help = await spawnInv(['label', '--help']);
    const example = /inv label (\S+) (\S+) > /.exec(help.stdout);
    expect(example, help.stdout).not.toBeNull();
    const file = join(fx.dir, 'piped.png');
    const child = spawn(process.execPath, [BIN, 'label', example![1]!, example![2]!], {
      env: childEnv(fx.authed),
      stdio: ['ignore', openSync(file, 'w'), 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    expect(await new Promise((resolve) => child.on('close', resolve)), stderr).toBe(0);
    const png = readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(
      execFileSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    ).toBe(example![2]);
  });

  it("shows the server's message when the label is refused", async () => {
    const r = await inv(['label', 'MUG-BLUE-11OZ', 'X000ABCDEF', '--out', join(fx.dir, 'refused.png')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/fnsku X000ABCDEF is not the fnsku of "MUG-BLUE-11OZ"/);
    expect(existsSync(join(fx.dir, 'refused.png'))).toBe(false);
  });
});

describe('opening labels', () => {
  it('--open-labels and label --open hand each label URL to the browser', async () => {
    const opened = join(fx.dir, 'opened.txt');
    const browser = `${process.execPath} ${fileURLToPath(new URL('../helpers/record-browser.mjs', import.meta.url))}`;
    const env = { ...fx.authed, BROWSER: browser, OPENED_FILE: opened };
    const sent = JSON.parse(
      (await runInv(['send-to-fba', 'MUG-BLUE-11OZ', '12', '--from', '1', '--open-labels'], { env })).stdout,
    );
    const labels = Object.values(sent).map((s) => (s as { fnskuLabel: string }).fnskuLabel);
    const r = await runInv(['label', 'MUG-BLUE-11OZ', 'X000ABCDEF', '--open'], { env });
    expect(r.code).toBe(0);
    const lines = () => (existsSync(opened) ? readFileSync(opened, 'utf8').trim().split('\n').length : 0);
    await waitFor(() => lines() >= labels.length + 1, {
      what: () => `${labels.length + 1} URLs handed to the browser (${lines()} so far)`,
    });
    // The browsers run detached, so the order they write in is not fixed.
    expect(readFileSync(opened, 'utf8').trim().split('\n').sort()).toEqual(
      [...labels, `${fx.sandbox.baseUrl}/fnskuLabel?msku=MUG-BLUE-11OZ&fnsku=X000ABCDEF`].sort(),
    );
  });
});

describe('picking locations on a terminal', () => {
  it('asks for the destination from a list when --to is missing, never offering the source', async () => {
    const before = qty('MUG-BLUE-11OZ', '2');
    const { code, screen } = await runInTerminal(
      ['move', 'MUG-BLUE-11OZ', '1', '--from', '1', '-o', 'table'],
      fx.authed,
      [{ when: /destination location:[\s\S]*Shelf A2/i, send: '\r' }],
    );
    expect(code, screen).toBe(0);
    expect(qty('MUG-BLUE-11OZ', '2')).toBe(before + 1);
    const offered = screen.slice(screen.search(/destination location:/i));
    expect(offered).not.toMatch(/1 {2}Shelf A1/);
    expect(offered).toMatch(new RegExp(`2 {2}Shelf A2 \\(shelf\\) · ${before} held`));
  });

  it('offers as source only locations holding the item, with their quantities', async () => {
    const held = qty('CABLE-USBC-2M', '2');
    const { code, screen } = await runInTerminal(
      ['move', 'CABLE-USBC-2M', '1', '--to', 'Returns', '-o', 'table'],
      fx.authed,
      [{ when: /source location:[\s\S]*Shelf A2/i, send: '\r' }],
    );
    expect(code, screen).toBe(0);
    const offered = screen.slice(screen.search(/source location:/i), screen.search(/LOCATION/));
    expect(offered).toMatch(new RegExp(`2 {2}Shelf A2 \\(shelf\\) · ${held} held`));
    expect(offered).not.toMatch(/Shelf A1|Receiving dock/);
    expect(qty('CABLE-USBC-2M', '2')).toBe(held - 1);
  });

  it('exits 7 naming --to in a script', async () => {
    const r = await inv(['move', 'MUG-BLUE-11OZ', '1', '--from', '1']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/pass --to/);
  });
});
