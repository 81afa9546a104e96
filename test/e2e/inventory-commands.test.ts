/** Every inventory command against the sandbox, in JSON and in table output (in-process through main). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
async function json(...args: string[]) {
  const r = await inv([...args, '--json']);
  expect(r.stderr, r.stderr).not.toMatch(/error:/);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}
async function table(...args: string[]) {
  const r = await runInv([...args, '-o', 'table'], { env: fx.authed, tty: true });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trimEnd().split('\n');
}

describe('inv items', () => {
  it('lists items as one JSON array and as a table', async () => {
    const items = await json('items', 'list');
    expect(items.map((i: { msku: string }) => i.msku)).toEqual(fx.sandbox.account.state.itemOrder.slice(0, 50));
    expect(items[0]).toMatchObject({ msku: 'MUG-BLUE-11OZ', inactive: '', value: '9.5', rank: '15234' });
    const lines = await table('items', 'list');
    expect(lines[0]).toMatch(/^MSKU\s+TITLE\s+COND\s+PRODUCT ID\s+STATUS\s+VALUE\s+RANK$/);
    expect(lines.find((l) => l.startsWith('MUG-BLUE-11OZ'))).toMatch(/active\s+9\.50\s+15,234$/);
  });

  it('pages with --offset and --limit', async () => {
    const page = await json('items', 'list', '--offset', '1', '--limit', '2', '--page-size', '1');
    expect(page.map((i: { msku: string }) => i.msku)).toEqual(fx.sandbox.account.state.itemOrder.slice(1, 3));
  });

  it('gets one item', async () => {
    expect((await json('items', 'get', 'BOOK-COOK-001')).title).toBe('The Everyday Cookbook');
    expect((await table('items', 'get', 'BOOK-COOK-001')).find((l) => l.startsWith('title'))).toMatch(
      /The Everyday Cookbook/,
    );
    const missing = await inv(['items', 'get', 'NOPE']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/item "NOPE" not found/);
  });

  it('creates from flags and from --file, and refuses to overwrite', async () => {
    const made = await json(
      'items',
      'create',
      '--msku',
      'NEW-1',
      '--title',
      'New one',
      '--cond',
      'new',
      '--product-id',
      '012345678905',
      '--product-id-type',
      'UPC',
      '--attr',
      'color=red',
      '--value',
      '4.25',
    );
    expect(made).toMatchObject({
      msku: 'NEW-1',
      inactive: '',
      productIdType: 'UPC',
      value: '4.25',
      attributes: [{ name: 'color', value: 'red' }],
      modified: null,
    });
    const file = join(fx.dir, 'item.json');
    writeFileSync(file, JSON.stringify({ msku: 'NEW-2', title: 'From a file', cond: 'good' }));
    expect((await table('items', 'create', '--file', file)).find((l) => l.startsWith('title'))).toMatch(/From a file/);
    const fromStdin = await inv(
      ['items', 'create', '--file', '-', '--json'],
      JSON.stringify({ msku: 'NEW-3', title: 'stdin', cond: 'new' }),
    );
    expect(JSON.parse(fromStdin.stdout).msku).toBe('NEW-3');
    const again = await inv(['items', 'create', '--msku', 'NEW-1', '--title', 'x', '--cond', 'new']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists; nothing was changed/);
    expect(fx.sandbox.account.state.items['NEW-1']!.title).toBe('New one');
  });

  it('updates only the fields given, and refuses a missing item', async () => {
    const updated = await json('items', 'update', 'NEW-1', '--notes', 'Fragile');
    expect(updated).toMatchObject({ msku: 'NEW-1', title: 'New one', notes: 'Fragile', value: '4.25' });
    expect(updated.modified).toMatch(/Z$/);
    expect((await table('items', 'update', 'NEW-1', '--rank', '42')).find((l) => l.startsWith('rank'))).toMatch(/42/);
    const missing = await inv(['items', 'update', 'GHOST', '--title', 'x']);
    expect(missing.code).toBe(3);
    expect(fx.sandbox.account.state.items.GHOST).toBeUndefined();
  });

  it('replaces every field', async () => {
    const replaced = await json(
      'items',
      'replace',
      'NEW-1',
      '--title',
      'Replaced',
      '--cond',
      'good',
      '--inactive',
      'n',
    );
    expect(replaced).toMatchObject({ title: 'Replaced', notes: null, value: null, attributes: [] });
    expect(
      (await table('items', 'replace', 'NEW-1', '--title', 'Again', '--cond', 'good', '--inactive', 'n'))[0],
    ).toMatch(/^FIELD\s+VALUE$/);
  });

  it('deactivates with --yes (the item stays, inactive)', async () => {
    expect((await json('items', 'deactivate', 'NEW-2', '--yes')).inactive).toBe('y');
    expect((await table('items', 'deactivate', 'NEW-3', '--yes')).find((l) => l.startsWith('inactive'))).toMatch(/y$/);
    expect(fx.sandbox.account.state.items['NEW-2']!.inactive).toBe('y');
  });

  it('imports CSV and NDJSON as a batch: a bad row refuses the file before anything is sent', async () => {
    const csv = join(fx.dir, 'items.csv');
    writeFileSync(csv, 'msku,title,cond,value,attr.color\nIMP-1,One,new,1.5,red\nIMP-2,,new,,\nIMP-3,Three,good,,\n');
    const before = fx.sandbox.inventory.stats.count('/v1/items', 'POST');
    const refused = await inv(['items', 'import', csv, '--json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/line 3: title: must not be empty/);
    expect(fx.sandbox.inventory.stats.count('/v1/items', 'POST') - before).toBe(0);
    writeFileSync(
      csv,
      'msku,title,cond,value,attr.color\nIMP-1,One,new,1.5,red\nIMP-2,Two,new,,\nIMP-3,Three,good,,\n',
    );
    const r = await inv(['items', 'import', csv, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, done: 3, failed: 0, problems: [] });
    expect(fx.sandbox.inventory.stats.count('/v1/items', 'POST') - before).toBe(3);
    expect(fx.sandbox.account.state.items['IMP-1']!.attributes).toEqual([{ name: 'color', value: 'red' }]);
    const again = await inv(['items', 'import', csv]);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/nothing sent: batch ".*" finished 20/);
    expect(fx.sandbox.inventory.stats.count('/v1/items', 'POST') - before).toBe(3);
    const ndjson = [
      { msku: 'IMP-4', title: 'Four', cond: 'new' },
      { msku: 'IMP-5', title: 'Five', cond: 'new' },
    ]
      .map((o) => JSON.stringify(o))
      .join('\n');
    const lines = await inv(['items', 'import', '-', '--output', 'ndjson'], ndjson);
    expect(lines.code).toBe(0);
    expect(
      lines.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(['done', 'done']);
    const failing = join(fx.dir, 'items-table.csv');
    writeFileSync(failing, 'msku,title,cond\nIMP-6,Six,new\nIMP-7,Seven,new\n');
    fx.sandbox.inventory.faults.add({ status: 409, times: 1, path: '/v1/items' });
    const tableRun = await runInv(['items', 'import', failing, '-o', 'table', '--concurrency', '1'], {
      env: fx.authed,
      tty: true,
    });
    expect(tableRun.stdout).toMatch(/LINE\s+MSKU\s+STATUS\s+ERROR\n\s+2\s+IMP-6\s+failed\s+/);
    expect(tableRun.stderr).toMatch(/1 done, 1 failed/);
  });

  it('refuses a CSV with unknown columns before any request (exit 2)', async () => {
    const before = fx.sandbox.inventory.stats.count('/v1/');
    const r = await inv(['items', 'import', '-', '--format', 'csv'], 'msku,title,colour\nA,B,C\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown column\(s\) "colour"/);
    expect(fx.sandbox.inventory.stats.count('/v1/')).toBe(before);
  });
});

describe('inv locations', () => {
  it('lists, gets, creates and updates', async () => {
    const all = await json('locations', 'list');
    expect(all[0]).toMatchObject({
      id: '1',
      display: 'Shelf A1',
      order: '10',
      type: 'shelf',
      canMove: true,
      canMoveFBA: true,
    });
    expect((await table('locations', 'list'))[0]).toMatch(
      /^ID\s+DISPLAY\s+TYPE\s+ORDER\s+REF\s+CAN MOVE\s+CAN SEND TO FBA$/,
    );
    expect(await json('locations', 'get', '5')).toMatchObject({ type: 'fba', canMove: false, canMoveFBA: false });
    expect((await table('locations', 'get', '4'))[1]).toMatch(/Returns\s+unfulfillable\s+90/);
    const made = await json(
      'locations',
      'create',
      '--display',
      'Shelf B1',
      '--type',
      'shelf',
      '--order',
      '30',
      '--ref',
      'aisle 2',
    );
    expect(made).toMatchObject({ display: 'Shelf B1', order: '30', ref: 'aisle 2', modified: null });
    expect(
      (await table('locations', 'create', '--display', 'Dock 2', '--type', 'shipment', '--order', '2'))[1],
    ).toMatch(/Dock 2\s+shipment/);
    const updated = await json('locations', 'update', made.id, '--order', '31');
    expect(updated).toMatchObject({ display: 'Shelf B1', order: '31' });
    expect((await table('locations', 'update', made.id, '--display', 'Shelf B1 top'))[1]).toMatch(/Shelf B1 top/);
  });
});

describe('inv stock adjust', () => {
  it('adds and takes, in JSON and table, and never below zero', async () => {
    const start = fx.sandbox.account.state.itemLocations['3']!.quantity;
    expect((await json('stock', 'adjust', '3', '+5')).quantity).toBe(String(start + 5));
    expect((await table('stock', 'adjust', '3', '-2'))[1]).toMatch(new RegExp(`BOOK-COOK-001\\s+1\\s+${start + 3}\\s`));
    const tooMuch = await inv(['stock', 'adjust', '3', `-${start + 1000}`]);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toMatch(/would drop below zero/);
    expect(fx.sandbox.account.state.itemLocations['3']!.quantity).toBe(start + 3);
  });
});

describe('inv feedback', () => {
  it('lists, gets, creates, updates and deletes', async () => {
    expect((await json('feedback', 'list'))[0]).toMatchObject({ id: '1-111-2223334-5556667', rating: 5 });
    expect((await table('feedback', 'list'))[0]).toMatch(/^ID\s+VENUE\s+DATE\s+RATING\s+BUYER\s+COMMENTS$/);
    expect((await json('feedback', 'get', '1-111-2223334-5556667')).buyer).toBe('j.doe@example.com');
    const made = await json(
      'feedback',
      'create',
      '--venue-id',
      '1',
      '--order-id',
      '222-1',
      '--date',
      '2026-11-20',
      '--rating',
      '3',
      '--comments',
      'ok',
    );
    expect(made).toMatchObject({ id: '1-222-1', venueId: 1, rating: 3 });
    const updated = await json('feedback', 'update', '1-222-1', '--rating', '4');
    expect(updated).toMatchObject({ rating: 4, comments: 'ok', date: '2026-11-20' });
    expect((await table('feedback', 'get', '1-222-1'))[1]).toMatch(/^1-222-1\s+1\s+2026-11-20\s+4/);
    expect((await json('feedback', 'delete', '1-222-1', '--yes')).id).toBe('1-222-1');
    expect((await inv(['feedback', 'get', '1-222-1'])).code).toBe(3);
    await json('feedback', 'create', '--venue-id', '2', '--order-id', 'T', '--date', '2026-11-21');
    expect((await table('feedback', 'delete', '2-T', '--yes'))[1]).toMatch(/^2-T/);
  });
});

describe('inv settings', () => {
  it('sets and gets, in JSON and table', async () => {
    expect(await json('settings', 'set', 'PICK_ORDER', 'by-shelf')).toEqual({ key: 'PICK_ORDER', value: 'by-shelf' });
    expect((await table('settings', 'get', 'PICK_ORDER'))[1]).toMatch(/^PICK_ORDER\s+by-shelf$/);
    expect((await inv(['settings', 'get', 'NOT_SET'])).code).toBe(3);
  });
});

describe('inv api', () => {
  it('sends raw requests: GET with query fields, POST with a body, --research signed', async () => {
    const r = await inv(['api', 'GET', '/v1/itemLocations', '-f', 'msku=MUG-BLUE-11OZ']);
    const held = Object.values(fx.sandbox.account.state.itemLocations).filter((il) => il.msku === 'MUG-BLUE-11OZ');
    expect(JSON.parse(r.stdout).data.itemLocations.map((il: { id: string }) => il.id)).toEqual(held.map((il) => il.id));
    const posted = await inv(['api', 'POST', 'v1/locations', '-f', 'display=Raw', '-f', 'type=shelf', '-F', 'order=7']);
    expect(JSON.parse(posted.stdout).data).toMatchObject({ display: 'Raw', order: '7' });
    const research = await inv(['api', 'GET', '/v1/getAsinCategories/B00X4WHP5E', '--research']);
    expect(JSON.parse(research.stdout).categoryMappings.length).toBeGreaterThan(0);
  });

  it('prints the error body and exits with the mapped code', async () => {
    const r = await inv(['api', 'DELETE', '/v1/items']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'error', code: 405 });
    expect((await inv(['api', 'GET', '/v1/items/NOPE'])).code).toBe(3);
    expect((await runInv(['api', 'GET', '/v1/whoami'], { env: { ...fx.authed, INV_TOKEN: 'bad' } })).code).toBe(4);
  });
});

/** One bad argument per command whose parse step checks something (the rules themselves: test/unit/commands). */
const REFUSED: Array<[string[], RegExp]> = [
  [['items', 'create', '--msku', 'A', '--attr', 'red'], /--attr "red" must look like name=value/],
  [['items', 'get', 'X'.repeat(81)], /msku "X+…": must be at most 80 characters/],
  [['items', 'update', 'MUG-BLUE-11OZ'], /nothing to update: give at least one field flag \(e\.g\. --title\)/],
  [['items', 'replace', 'MUG-BLUE-11OZ', '--attr', 'x'], /--attr "x" must look like name=value/],
  [['items', 'deactivate', ''], /msku: must not be empty/],
  [['items', 'import', '-', '--concurrency', '0'], /--concurrency "0" must be a whole number from 1 to 64/],
  [['locations', 'update', '1'], /nothing to update: .*--display/],
  [['move', 'MUG-BLUE-11OZ', '0', '--from', '1', '--to', '2'], /quantity "0" /],
  [['move', 'MUG-BLUE-11OZ', '1', '--from', '1', '--from-purchase', '5001', '--to', '2'], /--from/],
  [['stock', 'adjust', '1', '0'], /quantity change "0" must be a whole number other than zero/],
  [['stock', 'get', 'one'], /itemLocation id "one" must be a whole number/],
  [['stock', 'set', 'MUG-BLUE-11OZ', 'Shelf A1', 'ten'], /count "ten" must be a whole number, 0 or more/],
  [['feedback', 'update', '1-111-2223334-5556667'], /nothing to update: .*--rating/],
  [['settings', 'get', 'A B'], /setting key "A B" may hold letters, digits/],
  [['settings', 'set', 'A B', 'v'], /setting key "A B" may hold letters, digits/],
  [['shipments', 'show', 'FBA10000001', '--labels-layout', 'a4-24'], /--labels-layout goes with --labels FILE/],
  [['api', 'FETCH', '/v1/items'], /method "FETCH" must be one of GET, POST, PUT, DELETE, PATCH/],
];

describe('a bad argument', () => {
  it('exits 2 naming the rule, with nothing sent, for each command that checks its arguments', async () => {
    const before = { requests: fx.sandbox.inventory.stats.count('/v1/'), state: fx.snapshot() };
    for (const [args, message] of REFUSED) {
      const r = await inv(args);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    expect(fx.sandbox.inventory.stats.count('/v1/')).toBe(before.requests);
    expect(fx.snapshot()).toBe(before.state);
  });

  it('an update whose --file holds no field exits 2 with nothing sent (checked after the file is read)', async () => {
    const empty = join(fx.dir, 'empty.json');
    writeFileSync(empty, '{}');
    const before = { requests: fx.sandbox.inventory.stats.count('/v1/'), state: fx.snapshot() };
    for (const [args, example] of [
      [['items', 'update', 'MUG-BLUE-11OZ'], '--title'],
      [['locations', 'update', '1'], '--display'],
      [['feedback', 'update', '1-111-2223334-5556667'], '--rating'],
    ] as const) {
      const r = await inv([...args, '--file', empty]);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, expect.stringContaining(`nothing to update`)]);
      expect(r.stderr).toContain(example);
    }
    expect(fx.sandbox.inventory.stats.count('/v1/')).toBe(before.requests);
    expect(fx.snapshot()).toBe(before.state);
  });
});
