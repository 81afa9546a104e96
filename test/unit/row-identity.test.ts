/**
 * A row's id is everything it sends: change any field an item import writes (attributes included) or any part of a move,
 * and the id changes; spell the same row another way (key order, attribute cells' order of keys) and it does not.
 */
import { describe, expect, it } from 'vitest';
import type { InventoryClient } from '../../src/api/inventory.js';
import type { InputRow } from '../../src/batch/batch-types.js';
import type { BatchKind } from '../../src/batch/batch-types.js';
import { identified } from '../../src/batch/identity/identified.js';
import { importKind } from '../../src/batch/imports/import-items.js';
import type { Cell } from '../../src/batch/input/strict-json.js';
import { canonicalJson } from '../../src/util/canonical-json.js';

/** The id of the first row of `records`, as a batch of `kind` identifies it. */
async function idOf<Row>(kind: BatchKind<Row>, record: Record<string, Cell>): Promise<string> {
  const rows = (async function* (): AsyncGenerator<InputRow> {
    yield { line: 2, record };
  })();
  for await (const row of identified(kind, rows)) {
    expect(row.problem, JSON.stringify(record)).toBeUndefined();
    return row.id!;
  }
  throw new Error('no row');
}

const BASE: Record<string, Cell> = {
  msku: 'LAMP-DESK-LED',
  inactive: 'n',
  productId: 'B0C1234567',
  productIdType: 'ASIN',
  title: 'LED desk lamp',
  manufacturer: 'Acme',
  image: 'https://example.com/lamp.png',
  type: 'home',
  cond: 'new',
  notes: 'boxed',
  value: { number: '12.5' },
  rank: { number: '42' },
  attributes: [
    { name: 'color', value: 'red' },
    { name: 'watts', value: '9' },
  ],
};

/** A changed value for each field an import writes. */
const CHANGED: Record<string, Cell> = {
  msku: 'LAMP-DESK-LEX',
  inactive: 'y',
  productId: 'B0C1234568',
  productIdType: 'INTERNAL',
  title: 'LED desk lamp 2',
  manufacturer: 'Acme Co',
  image: 'https://example.com/lamp2.png',
  type: 'office',
  cond: 'good',
  notes: 'unboxed',
  value: { number: '12.75' },
  rank: { number: '43' },
  attributes: [
    { name: 'color', value: 'green' },
    { name: 'watts', value: '9' },
  ],
};

describe('a row is identified by everything it sends', () => {
  const client = {} as InventoryClient;
  for (const replace of [true, false]) {
    const kind = importKind(client, replace);
    kind.columns(Object.keys(BASE));
    it.each(Object.keys(CHANGED))(
      `items import${replace ? ' --replace' : ''}: changing %s changes the id`,
      async (field) => {
        const before = await idOf(kind, BASE);
        expect(await idOf(kind, { ...BASE, [field]: CHANGED[field]! })).not.toBe(before);
      },
    );
  }

  it.each([true, false])(
    "items import (--replace %s): an attr.NAME cell, or an attribute's name, changes the id",
    async (replace) => {
      const kind = importKind(client, replace);
      kind.columns(['msku', 'title', 'cond', 'attr.color']);
      const row = (color: string) => ({ msku: 'LAMP-DESK-LED', title: 'Lamp', cond: 'new', 'attr.color': color });
      expect(await idOf(kind, row('green'))).not.toBe(await idOf(kind, row('red')));
      const named = importKind(client, replace);
      named.columns(['msku', 'title', 'cond', 'attributes']);
      const attributes = (name: string) => ({
        msku: 'LAMP-DESK-LED',
        title: 'Lamp',
        cond: 'new',
        attributes: [{ name, value: 'red' }],
      });
      expect(await idOf(named, attributes('colour'))).not.toBe(await idOf(named, attributes('color')));
    },
  );

  it("items import: the same row with its keys (and its attributes' keys) in another order has the same id", async () => {
    const kind = importKind(client, true);
    kind.columns(Object.keys(BASE));
    const reordered = Object.fromEntries(Object.entries(BASE).reverse()) as Record<string, Cell>;
    reordered.attributes = [
      { value: 'red', name: 'color' },
      { value: '9', name: 'watts' },
    ];
    expect(await idOf(kind, reordered)).toBe(await idOf(kind, BASE));
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps arrays in order, and spells primitives as JSON does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }, 'x', null] })).toBe('{"a":[{"c":2,"d":1},"x",null],"b":1}');
    expect(canonicalJson(['MUG', 3, 'location 1', '2'])).toBe(JSON.stringify(['MUG', 3, 'location 1', '2']));
  });
});
