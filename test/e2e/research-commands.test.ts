/** Every research command against a sandbox on port 0, in JSON and table output (in-process), and each once from bin/inv. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../src/sandbox/research/catalog.js';
import { computeFees } from '../../src/sandbox/research/fee-formula.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());

const inv = (...args: string[]) => runInv(args, { env: fx.env });
const json = async (...args: string[]) => {
  const r = await inv(...args, '--json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
};
const table = async (...args: string[]) => {
  const r = await inv(...args, '-o', 'table');
  expect(r.code).toBe(0);
  return r.stdout.trimEnd().split('\n');
};

const A = 'B00X4WHP5E';
const B = 'B07FZ8S74R';

/** A JSON value with every string, number and boolean replaced by its type: what two answers share. */
const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shape)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : value === null
        ? null
        : typeof value;

describe('the built CLI', () => {
  // Each command is a chunk of its own in dist/: the bundle must load every one of them.
  it.each([
    ['fees', A, '--price', '10'],
    ['offers', A],
    ['categories', B],
    ['search', 'usb cable'],
    ['item', A],
    ['item-lookup', A],
    ['lookup', A, '--merchant-id', 'A1SANDBOXMERCHANT'],
  ])('bin/inv %s answers in JSON', async (...args) => {
    const r = await spawnInv([...args, '--json'], { env: fx.env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The same answer as in-process, but for what changes from call to call (timestamps, request ids).
    expect(shape(JSON.parse(r.stdout))).toEqual(shape(JSON.parse((await inv(...args, '--json')).stdout)));
  });
});

describe('inv fees', () => {
  it('quotes every ASIN at every price in JSON, as the sandbox formula says', async () => {
    const quotes = await json('fees', A, B, '--price', '14.99 19.99');
    expect(quotes.map((q: { asin: string; price: number }) => `${q.asin}@${q.price}`)).toEqual([
      `${A}@14.99`,
      `${A}@19.99`,
      `${B}@14.99`,
      `${B}@19.99`,
    ]);
    const expected = computeFees(product(B), 19.99);
    expect(quotes[3]).toEqual({ asin: B, price: 19.99, ...expected });
  });

  it('--price 1,999 is one price of $1,999; "14.99,19.99" is refused before anything is sent, with the spaced form', async () => {
    const quotes = await json('fees', A, '--price', '1,999');
    expect(quotes.map((q: { price: number }) => q.price)).toEqual([1999]);
    const before = fx.sandbox.research.stats.count();
    const r = await inv('fees', A, '--price', '14.99,19.99');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--price "14\.99,19\.99": a comma in a price only separates thousands/);
    expect(r.stderr).toMatch(/hint: separate several prices with spaces or repeat --price: --price "14\.99 19\.99"/);
    expect(fx.sandbox.research.stats.count()).toBe(before);
  });

  it('shows MFN and FBA side by side in a table', async () => {
    const lines = await table('fees', A, '--price', '19.99');
    expect(lines[0]).toMatch(/^ASIN\s+PRICE\s+CATEGORY\s+SIZE TIER\s+MFN FEES\s+MFN NET\s+FBA FEES\s+FBA NET$/);
    const f = computeFees(product(A), 19.99);
    expect(lines[1]).toContain(f.mfnFees.netIncome.toFixed(2));
    expect(lines[1]).toContain(f.fbaFees.netIncome.toFixed(2));
    expect(lines).toHaveLength(2);
  });

  it('keeps only --fields, nested paths included', async () => {
    const quotes = await json('fees', A, '--price', '10', '--fields', 'asin,fbaFees.netIncome');
    expect(quotes).toEqual([{ asin: A, fbaFees: { netIncome: computeFees(product(A), 10).fbaFees.netIncome } }]);
  });
});

describe('inv offers', () => {
  it('returns each ASIN response in JSON', async () => {
    const [response] = await json('offers', A);
    expect(response.id).toBe(A);
    expect(Object.keys(response.offers).sort()).toEqual(['fbaNew', 'fbaUsed', 'merchantNew', 'merchantUsed']);
    expect(response.extras.salesrank).toBe(product(A).salesRank);
    expect(response.extras.msrp).toBe(product(A).listPrice);
    expect(typeof response.requestId).toBe('string');
  });

  it('--nopaapi leaves out the product advertising extras', async () => {
    const [response] = await json('offers', A, '--nopaapi');
    expect(response.extras.msrp).toBeNull();
  });

  it('lists every offer in a table', async () => {
    const [response] = await json('offers', A);
    const total = Object.values(response.offers as Record<string, unknown[]>).reduce((n, list) => n + list.length, 0);
    const lines = await table('offers', A);
    expect(lines[0]).toMatch(/^ASIN\s+CHANNEL\s+CONDITION\s+PRICE/);
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((l) => l.startsWith(A))).toBe(true);
  });

  it('prints the bettermws_sphp format raw', async () => {
    const r = await inv('offers', A, '--format', 'bettermws_sphp');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^a:\d+:\{s:6:"offers";a:4:\{/);
    expect(r.stdout).toContain('s:2:"id";s:10:"B00X4WHP5E";s:4:"type";s:4:"asin";');
  });
});

describe('inv categories', () => {
  it('lists the categories of an ASIN, main first, and then names a category id', async () => {
    const p = product(B);
    const mappings = await json('categories', B);
    expect(mappings[0]).toEqual({ categoryId: p.category.id, category: p.category.name, main: true });
    expect(mappings.slice(1).every((m: { main?: boolean }) => m.main === undefined)).toBe(true);
    expect(await json('categories', '--id', p.category.id)).toMatchObject({
      categoryId: p.category.id,
      category: p.category.name,
    });
    const lines = await table('categories', B);
    expect(lines[0]).toMatch(/^CATEGORY ID\s+CATEGORY\s+MAIN$/);
    expect(lines[1]).toMatch(new RegExp(`^${p.category.id}\\s+.*yes$`));
    const byId = await table('categories', '--id', p.category.id);
    expect(byId[1]).toContain(p.category.name);
  });

  it('answers 404 (exit 3) for a category no ASIN has revealed yet', async () => {
    const r = await inv('categories', '--id', '99999999');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/not known/);
  });
});

describe('inv search and inv item', () => {
  it('searches by keyword in JSON and table', async () => {
    const results = await json('search', 'usb cable');
    expect(results).toHaveLength(5);
    expect(results.every((r: { title: string }) => r.title.includes('usb cable'))).toBe(true);
    const lines = await table('search', 'usb cable');
    expect(lines[0]).toMatch(/^ASIN\s+TITLE\s+GROUP\s+RANK/);
    expect(lines).toHaveLength(6);
  });

  it('searches by UPC', async () => {
    const results = await json('search', '--upc', '012345678905');
    expect(results).toHaveLength(1);
    expect(results[0].productId).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('shows one ASIN with inv item', async () => {
    const [result] = await json('item', A);
    expect(result).toMatchObject({ productId: A, title: product(A).title });
    const [ranked] = await json('item', B);
    expect(ranked.rank).toMatchObject({
      Rank: product(B).salesRank,
      ProductCategoryId: 'video_games_display_on_website',
    });
    const lines = await table('item', A);
    expect(lines[1]).toContain(A);
  });
});

describe('inv item-lookup', () => {
  it('returns the whole lookup in JSON and a summary table', async () => {
    const response = await json('item-lookup', A);
    const item = response.ItemLookupResponse.Items.Item;
    expect(item.ASIN).toBe(A);
    expect(item.ItemAttributes.Title).toBe(product(A).title);
    expect(item.ItemAttributes.PackageDimensions.Weight.$.Units).toBe('hundredths-pounds');
    const lines = await table('item-lookup', A);
    expect(lines.find((l) => l.startsWith('Title'))).toContain(product(A).title);
  });
});

describe('inv lookup (legacy signature)', () => {
  it('returns offers in JSON and a table', async () => {
    const merchant = fx.sandbox.credentials.research.merchantId;
    const [response] = await json('lookup', A, '--merchant-id', merchant);
    expect(response.id).toBe(A);
    const lines = await table('lookup', A, '--merchant-id', merchant);
    expect(lines[0]).toMatch(/^ASIN\s+CHANNEL/);
  });

  it('is rejected with exit 4 when the merchant id is wrong', async () => {
    const r = await inv('lookup', A, '--merchant-id', 'NOPE');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/merchant/);
  });
});
