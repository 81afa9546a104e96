import { describe, expect, it } from 'vitest';
import type { StoredItem } from '../../src/sandbox/inventory/inventory-state.js';
import { itemRecord } from '../../src/sandbox/inventory/records.js';

const STORED: StoredItem = {
  msku: 'MUG/1',
  inactive: 'n',
  productId: 'B00X4WHP5E',
  productIdType: 'ASIN',
  title: 'Mug',
  manufacturer: null,
  image: null,
  type: 'kitchen',
  cond: 'new',
  notes: null,
  createdUserId: '1001',
  created: '2026-01-05T09:00:00.000Z',
  value: 9.5,
  rank: 15234,
  modified: null,
  attributes: [{ name: 'color', value: 'blue' }],
};

describe('itemRecord', () => {
  it('shows a stored item with its keys in the stored order, then listings and link', () => {
    expect(JSON.stringify(itemRecord(STORED, 'http://h:1'))).toBe(
      [
        '{"msku":"MUG/1","inactive":"","productId":"B00X4WHP5E","productIdType":"ASIN","title":"Mug",',
        '"manufacturer":null,"image":null,"type":"kitchen","cond":"new","notes":null,"createdUserId":"1001",',
        '"created":"2026-01-05T09:00:00.000Z","value":"9.5","rank":"15234","modified":null,',
        '"attributes":[{"name":"color","value":"blue"}],"listings":[],"link":"http://h:1/v1/items/MUG%2F1"}',
      ].join(''),
    );
    expect(itemRecord({ ...STORED, inactive: 'y', value: null }, 'http://h:1')).toMatchObject({
      inactive: 'y',
      value: null,
    });
  });

  it('shows an item stored in another order, or with a key of its own (a data file edited by hand), as stored', () => {
    const { msku, title, ...rest } = STORED;
    const edited = { title, msku, ...rest, colour: 'blue' } as StoredItem;
    expect(JSON.stringify(itemRecord(edited, 'http://h:1'))).toBe(
      [
        '{"title":"Mug","msku":"MUG/1","inactive":"","productId":"B00X4WHP5E","productIdType":"ASIN",',
        '"manufacturer":null,"image":null,"type":"kitchen","cond":"new","notes":null,"createdUserId":"1001",',
        '"created":"2026-01-05T09:00:00.000Z","value":"9.5","rank":"15234","modified":null,',
        '"attributes":[{"name":"color","value":"blue"}],"colour":"blue","listings":[],"link":"http://h:1/v1/items/MUG%2F1"}',
      ].join(''),
    );
  });
});
