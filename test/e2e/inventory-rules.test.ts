/**
 * Field rules other than limits (those are in inventory-limits), client side (exit 2, no request) and server side (400
 * naming the field); atomic increments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
const item = { msku: 'LIMIT-1', title: 'Limit test', cond: 'new', inactive: 'n' };

/** [case, CLI args, field named, raw method, raw path, raw body] */
const CASES: Array<[string, string[], string, string, string, Record<string, unknown>]> = [
  [
    'a bad location type',
    ['locations', 'create', '--display', 'd', '--type', 'bin', '--order', '1'],
    'type',
    'POST',
    '/v1/locations',
    { display: 'd', type: 'bin', order: 1 },
  ],
  [
    'a bad productIdType',
    ['items', 'create', '--msku', 'L', '--title', 't', '--cond', 'new', '--file', '-'],
    'productIdType',
    'POST',
    '/v1/items',
    { ...item, productId: '1', productIdType: 'GTIN' },
  ],
  [
    'productId without productIdType',
    ['items', 'create', '--msku', 'L', '--title', 't', '--cond', 'new', '--product-id', '123'],
    'productIdType',
    'POST',
    '/v1/items',
    { ...item, productId: '123' },
  ],
  [
    'inactive not y/n',
    ['items', 'update', 'MUG-BLUE-11OZ', '--file', '-'],
    'inactive',
    'POST',
    '/v1/items/MUG-BLUE-11OZ',
    { inactive: 'maybe' },
  ],
  [
    'a non-integer quantity',
    ['stock', 'adjust', '1', '+1.5'],
    'quantity change',
    'POST',
    '/v1/itemLocations/1?increment=1.5',
    {},
  ],
  [
    'an unknown item field',
    ['items', 'update', 'MUG-BLUE-11OZ', '--file', '-'],
    '"colour"',
    'POST',
    '/v1/items/MUG-BLUE-11OZ',
    { colour: 'red' },
  ],
];

describe.each(CASES)('%s', (_name, args, field, method, path, body) => {
  it('exits 2 naming the field, and sends nothing', async () => {
    const before = { requests: fx.sandbox.inventory.stats.count('/v1/'), state: fx.snapshot() };
    const stdin = args.includes('-') ? JSON.stringify(body) : undefined;
    const r = await inv(args, stdin);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(field);
    expect(fx.sandbox.inventory.stats.count('/v1/')).toBe(before.requests);
    expect(fx.snapshot()).toBe(before.state);
  });

  it('sent raw with inv api, gets a 400 naming the field and changes nothing', async () => {
    const before = fx.snapshot();
    const [pathname, query] = path.split('?') as [string, string | undefined];
    const queryFlags = query ? query.split('&').flatMap((p) => ['-f', p]) : [];
    const r = await inv(
      ['api', method, pathname, ...queryFlags, ...(Object.keys(body).length ? ['--input', '-'] : [])],
      JSON.stringify(body),
    );
    expect(r.code).toBe(1);
    const answer = JSON.parse(r.stdout);
    expect(answer).toMatchObject({ status: 'error', code: 400, httpCode: '400' });
    expect(answer.message).toContain(field === 'quantity change' ? 'increment' : field);
    expect(fx.snapshot()).toBe(before);
  });
});

describe('atomic stock changes', () => {
  it('50 concurrent +1 increments on one itemLocation add exactly 50', async () => {
    const before = fx.sandbox.account.state.itemLocations['2']!.quantity;
    const runs = await Promise.all(Array.from({ length: 50 }, () => inv(['stock', 'adjust', '2', '+1'])));
    expect(runs.every((r) => r.code === 0)).toBe(true);
    expect(fx.sandbox.account.state.itemLocations['2']!.quantity).toBe(before + 50);
    const quantities = runs.map((r) => Number(JSON.parse(r.stdout).quantity)).sort((a, b) => a - b);
    expect(quantities).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
  });
});

describe('the collection envelope', () => {
  it('has count as a string, pages and absolute links', async () => {
    const r = await inv(['api', 'GET', '/v1/locations', '-f', 'offset=2', '-f', 'limit=2']);
    const data = JSON.parse(r.stdout).data;
    const base = `${fx.sandbox.baseUrl}/v1/locations`;
    expect(data).toMatchObject({
      offset: 2,
      limit: 2,
      count: String(Object.keys(fx.sandbox.account.state.locations).length),
    });
    expect(data.first).toBe(`${base}?offset=0&limit=2`);
    expect(data.prev).toBe(`${base}?offset=0&limit=2`);
    expect(data.next).toBe(`${base}?offset=4&limit=2`);
    expect(data.pages).toBe(Math.ceil(Number(data.count) / 2));
    const firstPage = JSON.parse((await inv(['api', 'GET', '/v1/locations'])).stdout).data;
    expect(firstPage).toMatchObject({ limit: 50, prev: '' });
  });

  it('answers 405 to PUT and DELETE on the collections', async () => {
    for (const [method, path] of [
      ['PUT', '/v1/items'],
      ['DELETE', '/v1/items'],
      ['PUT', '/v1/feedback'],
      ['DELETE', '/v1/feedback'],
    ] as const) {
      const r = await inv(['api', method, path]);
      expect(JSON.parse(r.stdout).code, `${method} ${path}`).toBe(405);
    }
  });

  it('rejects bad paging parameters with 400', async () => {
    const r = await inv(['api', 'GET', '/v1/items', '-f', 'limit=0']);
    expect(JSON.parse(r.stdout).message).toMatch(/limit must be from 1 to 1000/);
  });
});

describe('a field left out', () => {
  it('is named as missing by the server, with its values, when `inv api` sends an item without inactive', async () => {
    const before = fx.snapshot();
    const natural = { msku: 'NATURAL-1', title: 'A hand-written item', cond: 'new' };
    const r = await inv(['api', 'POST', '/v1/items', '--input', '-'], JSON.stringify(natural));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ code: 400, message: 'inactive: is required (y or n)' });
    expect(r.stderr).toContain('inactive: is required (y or n)');
    expect(fx.snapshot()).toBe(before);
  });

  it('names every one of a fixed set of values when it has more than two', async () => {
    const r = await inv(
      ['api', 'POST', '/v1/locations', '--input', '-'],
      JSON.stringify({ display: 'Bin 9', order: 1 }),
    );
    expect(JSON.parse(r.stdout).message).toBe(
      'type: is required (one of shelf, fba, fbaShipment, shipment, unfulfillable)',
    );
  });

  it('is told apart from a field given with the wrong type, on both sides', async () => {
    const bad = { msku: 'TYPED-1', title: 3, cond: 'new', inactive: 'n' };
    const client = await inv(['items', 'create', '--file', '-'], JSON.stringify(bad));
    expect(client.code).toBe(2);
    expect(client.stderr).toContain('title: must be a string');
    const server = await inv(['api', 'POST', '/v1/items', '--input', '-'], JSON.stringify(bad));
    expect(JSON.parse(server.stdout).message).toBe('title: must be a string');
    const missing = await inv(
      ['api', 'POST', '/v1/items', '--input', '-'],
      JSON.stringify({ msku: 'TYPED-2', cond: 'new', inactive: 'n' }),
    );
    expect(JSON.parse(missing.stdout).message).toBe('title: is required');
  });
});
