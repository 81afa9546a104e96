/** Research answers as the live service gives them: 2xx error bodies, 2xx without payload, empty searches, the new commands. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { product } from '../../src/sandbox/research/catalog.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.research.faults.clear());

const A = 'B00X4WHP5E';
const inv = (...args: string[]) => runInv(args, { env: fx.env });
const requests = (prefix = '/v1/') => fx.sandbox.research.stats.count(prefix);

/** Every research command, with the path its request goes to. */
const COMMANDS: Array<[string[], string, string]> = [
  [['offers', A], '/v1/offers', 'offers'],
  [['offers', A, '--format', 'bettermws_sphp'], '/v1/offers', 'offers'],
  [['search', 'usb cable'], '/v1/search', 'search'],
  [['search', '--upc', '012345678905'], '/v1/search', 'search'],
  [['item', A], '/v1/item', 'item'],
  [['fees', A, '--price', '10'], '/v1/fees', 'fees'],
  [['categories', A], '/v1/getAsinCategories', 'getAsinCategories'],
  [['categories', '--id', '283155'], '/v1/getCategoryById', 'getCategoryById'],
  [['item-lookup', A], '/v1/itemLookup', 'itemLookup'],
  [['item-search', 'fish', 'eye'], '/v1/itemSearch', 'itemSearch'],
  [['lookup', A, '--merchant-id', 'A1SANDBOXMERCHANT'], '/v1/lookup', 'lookup'],
  [['lookup', A, '--merchant-id', 'A1SANDBOXMERCHANT', '--format', 'sphp'], '/v1/lookup', 'lookup'],
];

describe('a 2xx answer with an Error body', () => {
  it.each(COMMANDS)('inv %j exits 1 with the server message', async (args, path, operation) => {
    fx.sandbox.research.faults.add({ status: 'error-body', times: 1, path, message: 'Request throttled by upstream' });
    const r = await inv(...args, '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`research API (${operation}) answered 200 with an error: Request throttled by upstream`);
    expect(r.stderr).not.toMatch(/unexpected|Cannot read/);
    expect(r.stdout).toBe('');
  });
});

describe('a 2xx answer without payload', () => {
  it.each(COMMANDS)('inv %j exits 1 naming the operation', async (args, path, operation) => {
    fx.sandbox.research.faults.add({ status: 'no-payload', times: 1, path });
    const r = await inv(...args, '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`research API \\(${operation}\\) answered 200 without .*(timestamp, requestId|offers)`),
    );
    expect(r.stderr).not.toMatch(/unexpected|Cannot read/);
    expect(r.stdout).toBe('');
  });
});

describe('empty answers', () => {
  it('an empty search prints [] and exits 0; a table says "no results"', async () => {
    const r = await inv('search', 'nothing at all', '--json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('[]\n');
    const t = await runInv(['search', 'nothing at all'], { env: fx.env, tty: true });
    expect(t.code).toBe(0);
    expect(t.stderr).toMatch(/no results/);
  });

  it('item of an unknown product exits 3', async () => {
    const r = await inv('item', 'B000000000');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no product with ASIN B000000000/);
  });
});

describe('inv search --isbn', () => {
  it('an ISBN-13 of 978 finds the book whose ASIN is its ISBN-10', async () => {
    const [book] = JSON.parse((await inv('search', '--isbn', '978-0-316-76948-8', '--json')).stdout);
    expect(book.productId).toBe('0316769487');
    expect(book.type).toBe('Book');
    const [same] = JSON.parse((await inv('search', '--isbn', '0316769487', '--json')).stdout);
    expect(same.productId).toBe('0316769487');
  });
});

describe('inv item-search', () => {
  it('prints a page in JSON and its items in a table', async () => {
    const r = await inv('item-search', 'fish', 'eye', 'art', '--json');
    expect(r.code).toBe(0);
    const page = JSON.parse(r.stdout).ItemSearchResponse;
    expect(page.Items.Request.ItemSearchRequest).toMatchObject({
      Keywords: 'fish eye art',
      SearchIndex: 'Blended',
      ItemPage: '1',
    });
    const items = [page.Items.Item].flat();
    expect(items.length).toBeGreaterThan(0);
    const t = await runInv(['item-search', 'fish', 'eye', 'art'], { env: fx.env, tty: true });
    const lines = t.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ASIN\s+TITLE\s+GROUP\s+BRAND\s+LOWEST NEW\s+OFFERS$/);
    expect(lines).toHaveLength(items.length + 1);
    expect(lines[1]).toContain(items[0].ASIN);
  });

  it('pages with --page and --index, and checks them before sending', async () => {
    const r = await inv('item-search', 'usb', '--page', '2', '--index', 'Electronics', '--json');
    expect(JSON.parse(r.stdout).ItemSearchResponse.Items.Request.ItemSearchRequest).toMatchObject({
      ItemPage: '2',
      SearchIndex: 'Electronics',
    });
    const before = requests();
    expect((await inv('item-search', 'usb', '--page', '11')).code).toBe(2);
    expect(requests()).toBe(before);
  });
});

describe('real shapes in views', () => {
  it('fees: the size tier slug and category code in words in a table, raw in JSON', async () => {
    const [quote] = JSON.parse((await inv('fees', A, '--price', '19.99', '--json')).stdout);
    expect(quote.sizeTier).toMatch(/^(small|large)-(standard|bulky)$/);
    expect(quote.fbaFees.category).toBe(product(A).category.code);
    const t = await runInv(['fees', A, '--price', '19.99'], { env: fx.env, tty: true });
    const words = quote.sizeTier.replace('-', ' ').replace(/^./, (c: string) => c.toUpperCase());
    expect(t.stdout).toContain(words);
    expect(t.stdout).not.toContain(quote.sizeTier);
  });

  it('inv lookup --format json answers offers; sphp prints raw', async () => {
    const [offers] = JSON.parse(
      (await inv('lookup', A, '--merchant-id', 'A1SANDBOXMERCHANT', '--format', 'json', '--json')).stdout,
    );
    expect(offers).toMatchObject({ id: A, type: 'asin' });
    const raw = await inv('lookup', A, '--merchant-id', 'A1SANDBOXMERCHANT', '--format', 'sphp');
    expect(raw.stdout).toMatch(/^a:\d+:\{s:6:"offers";/);
  });
});
