/** Every research view over answers in the live shapes (test/fixtures/research-shapes.ts), in a table and in JSON. */
import { describe, expect, it } from 'vitest';
import { checkPayload, checkSerializedPayload, PAYLOADS } from '../../src/api/research-payload.js';
import { readGlobals } from '../../src/cli/globals.js';
import { render } from '../../src/cli/output/render.js';
import type { View } from '../../src/cli/output/view.js';
import { FEES_VIEW } from '../../src/commands/fees.js';
import { ITEM_LOOKUP_VIEW } from '../../src/commands/item-lookup.js';
import { ITEM_SEARCH_VIEW } from '../../src/commands/item-search.js';
import { OFFERS_VIEW, SEARCH_VIEW, words } from '../../src/commands/shared/research-views.js';
import { MAPPINGS_VIEW, CATEGORY_VIEW } from '../../src/commands/categories.js';
import { answerMeta, uuidV1, uuidV1Time } from '../../src/sandbox/research/clock.js';
import { testIO } from '../helpers/io.js';
import * as F from '../fixtures/research-shapes.js';

async function show<R>(view: View<R>, records: R[], output: 'table' | 'json') {
  const t = testIO({ tty: output === 'table' });
  const globals = { ...readGlobals({ timeout: '30' }, t.io), output, color: false };
  await render(view, records, { io: t.io, globals });
  return { out: t.stdout(), err: t.stderr() };
}

const feeQuote = {
  asin: 'B0TOYTRUCK',
  price: 30,
  sizeTier: F.FEES.data.sizeTier,
  mfnFees: F.FEES.data.mfnFees,
  fbaFees: F.FEES.data.fbaFees,
};

describe('views over the live shapes', () => {
  it('offers: nulls, "Just Launched", shipdom False; JSON keeps type and nulls', async () => {
    const { out } = await show(OFFERS_VIEW, [F.OFFERS as never], 'table');
    expect(out).toMatch(/B0TOYTRUCK\s+fbaNew\s+New\s+24\.50/);
    expect(out).toMatch(/merchantUsed\s+Good\s+12\.00\s+3\.99\s+15\.99\s+1\s+Just Launched\s+0/);
    const json = JSON.parse((await show(OFFERS_VIEW, [F.OFFERS as never], 'json')).out);
    expect(json[0]).toEqual(F.OFFERS);
  });

  it('search: a {} rank and null weight show as "-", rankings and variations are kept', async () => {
    const { out } = await show(SEARCH_VIEW, F.SEARCH.searchCatalogs.result as never[], 'table');
    const [, truck, car] = out.trimEnd().split('\n');
    expect(truck).toMatch(/^B0TOYTRUCK\s+Toy truck\s+Toy\s+-\s+-\s+-\s+-\s+-$/);
    expect(car).toMatch(/^B0TOYCAR01\s+Toy car\s+Toy\s+5,120\s+toy_display_on_website\s+0\.8\s+0012345678905\s+2$/);
    const json = JSON.parse((await show(SEARCH_VIEW, F.SEARCH.searchCatalogs.result as never[], 'json')).out);
    expect(json).toEqual(F.SEARCH.searchCatalogs.result);
  });

  it('fees: the size tier slug and category code in words in a table, raw in JSON; the recorded arithmetic holds', async () => {
    const { out } = await show(FEES_VIEW, [feeQuote], 'table');
    expect(out).toMatch(/B0TOYTRUCK\s+30\.00\s+Toys and games\s+Large standard\s+4\.50\s+25\.50\s+6\.98\s+23\.02/);
    const json = JSON.parse((await show(FEES_VIEW, [feeQuote], 'json')).out);
    expect(json[0].sizeTier).toBe('large-standard');
    expect(json[0].fbaFees.category).toBe('ToysAndGames');
    const f = F.FEES.data.fbaFees;
    expect(Math.round((f.azComm + f.azVar + f.fbaWeight + f.fbaPick + f.fbaOrder) * 100) / 100).toBe(f.feesTotal);
  });

  it('categories: a repeated id with one main; a category by id', async () => {
    const { out } = await show(MAPPINGS_VIEW, F.CATEGORIES.categoryMappings as never[], 'table');
    const lines = out.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('165793011'))).toHaveLength(2);
    expect(lines.filter((l) => l.endsWith('yes'))).toHaveLength(1);
    expect((await show(CATEGORY_VIEW, [F.CATEGORY], 'table')).out).toMatch(/165793011\s+Toys & Games/);
  });

  it('item-lookup: one Item object or several; single-element lists and {_} leaves', async () => {
    const one = (await show(ITEM_LOOKUP_VIEW, [F.ITEM_LOOKUP as never], 'table')).out;
    expect(one).toMatch(/Title\s+Toy truck/);
    expect(one).toMatch(/Package\s+12\.00 x \? x \? in, 1\.35 lb/);
    expect(one).toMatch(/Offers new\/used\s+1 \/ 0/);
    const several = (await show(ITEM_LOOKUP_VIEW, [F.ITEM_LOOKUP_SEVERAL as never], 'table')).out;
    expect(several).toMatch(/Toy truck/);
    expect(several).toMatch(/Toy car/);
    expect(JSON.parse((await show(ITEM_LOOKUP_VIEW, [F.ITEM_LOOKUP as never], 'json')).out)).toEqual(F.ITEM_LOOKUP);
  });

  it('item-search: Item as an object, an array, or absent', async () => {
    expect((await show(ITEM_SEARCH_VIEW, [F.ITEM_SEARCH_ONE as never], 'table')).out).toMatch(
      /B0TOYTRUCK\s+Toy truck\s+Toy\s+Acme\s+24\.50\s+1/,
    );
    const many = (await show(ITEM_SEARCH_VIEW, [F.ITEM_SEARCH_MANY as never], 'table')).out.trimEnd().split('\n');
    expect(many).toHaveLength(3);
    const none = await show(ITEM_SEARCH_VIEW, [F.ITEM_SEARCH_NONE as never], 'table');
    expect(none.out).toBe('');
    expect(none.err).toMatch(/no results/);
  });

  it('words() turns slugs and codes into words', () => {
    expect(words('small-standard')).toBe('Small standard');
    expect(words('ToysAndGames')).toBe('Toys and games');
    expect(words(null)).toBe('-');
  });
});

describe('payload checks', () => {
  it('accepts answers that hold their payload, an empty search included', () => {
    expect(checkPayload('search', 200, F.EMPTY_SEARCH, PAYLOADS.search)).toBe(F.EMPTY_SEARCH);
    expect(checkPayload('fees', 200, F.FEES, PAYLOADS.fees)).toBe(F.FEES);
    expect(checkPayload('getAsinCategories', 200, F.CATEGORIES, PAYLOADS.categories)).toBe(F.CATEGORIES);
  });

  it('turns a 2xx Error body into the server message, and a 2xx without payload into a named error', () => {
    expect(() =>
      checkPayload('fees', 200, { Error: 'Invalid ASIN', timestamp: 't', requestId: 'r' }, PAYLOADS.fees),
    ).toThrow('research API (fees) answered 200 with an error: Invalid ASIN');
    expect(() => checkPayload('offers', 200, { timestamp: 't', requestId: 'r' }, PAYLOADS.offers)).toThrow(
      'research API (offers) answered 200 without offers (it holds only timestamp, requestId)',
    );
    expect(() => checkPayload('search', 200, [], PAYLOADS.search)).toThrow(/instead of searchCatalogs\.result/);
    expect(() => checkSerializedPayload('offers', 200, 'a:1:{s:5:"Error";s:7:"Too bad";}')).toThrow(
      /with an error: Too bad/,
    );
    expect(() => checkSerializedPayload('offers', 200, 'a:1:{s:9:"timestamp";s:1:"t";}')).toThrow(/without offers/);
  });
});

describe('version-1 request ids', () => {
  it('carry the time of the answer', () => {
    const ms = Date.parse('2026-11-20T10:15:30.123Z');
    const id = uuidV1(ms);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV1Time(id)).toBe(ms);
    const m = answerMeta(() => ms);
    expect(uuidV1Time(m.requestId)).toBe(Date.parse(m.timestamp));
  });

  it('agree with a recorded answer of the live service', () => {
    expect(new Date(uuidV1Time('92c2a3a1-9ff9-11e4-a2e5-8b882dc76c0d')).toISOString().slice(0, 19)).toBe(
      '2015-01-19T16:38:18',
    );
  });
});
