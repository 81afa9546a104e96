/** The demo account's records (what the README's examples name), and generated items for benchmarks of long listings. */
import { addDemoShipment } from '../fba/demo-shipment.js';
import { emptyInventory, type InventoryState, type StoredItem } from './inventory-state.js';

const T0 = '2026-01-05T09:00:00.000Z';

/** A stored item; `extra` is spread only when given (a spread is slow for the 100,000 items of addBulkItems). */
function item(
  msku: string,
  title: string,
  productId: string,
  value: number | null = null,
  rank: number | null = null,
  extra?: Partial<StoredItem>,
): StoredItem {
  const made: StoredItem = {
    msku,
    inactive: 'n',
    productId,
    productIdType: 'ASIN',
    title,
    manufacturer: null,
    image: null,
    type: null,
    cond: 'new',
    notes: null,
    createdUserId: '1001',
    created: T0,
    value,
    rank,
    modified: null,
    attributes: [],
  };
  return extra ? { ...made, ...extra } : made;
}

/** The demo account: a few shelves, a receiving dock, five items with stock, a shipment to pack, a setting and a feedback. */
export function demoInventory(): InventoryState {
  const state = emptyInventory();
  const locations: Array<[string, string, number, string | null]> = [
    ['Shelf A1', 'shelf', 10, null],
    ['Shelf A2', 'shelf', 20, null],
    ['Receiving dock', 'shipment', 1, 'PO-1001'],
    ['Returns', 'unfulfillable', 90, null],
    ['FBA network', 'fba', 99, null],
  ];
  for (const [display, type, order, ref] of locations) {
    const id = String(state.nextId.location++);
    state.locations[id] = { id, display, order, type, ref, notes: null, created: T0, modified: null };
    state.locationOrder.push(id);
  }
  const items = [
    item('MUG-BLUE-11OZ', 'Ceramic mug, blue, 11 oz', 'B00X4WHP5E', 9.5, 15234, { type: 'kitchen' }),
    item('BOOK-COOK-001', 'The Everyday Cookbook', 'B07FZ8S74R', 12, null, { type: 'book', cond: 'likeNew' }),
    item('CABLE-USBC-2M', 'USB-C cable, 2 m', 'B01N5IB20Q', null, null, { type: 'electronics', manufacturer: 'Acme' }),
    item('LAMP-DESK-LED', 'LED desk lamp', 'B0C1234567', null, null, {
      type: 'home',
      attributes: [{ name: 'color', value: 'black' }],
    }),
    item('PUZZLE-1000', 'Jigsaw puzzle, 1000 pieces', 'B08PUZZLE1', null, null, { type: 'toy' }),
  ];
  for (const it of items) {
    state.items[it.msku] = it;
    state.itemOrder.push(it.msku);
  }
  const stock: Array<[string, string, number]> = [
    ['MUG-BLUE-11OZ', '1', 120],
    ['MUG-BLUE-11OZ', '2', 30],
    ['BOOK-COOK-001', '1', 45],
    ['CABLE-USBC-2M', '2', 200],
    ['LAMP-DESK-LED', '1', 12],
    ['PUZZLE-1000', '2', 60],
  ];
  for (const [msku, locationId, quantity] of stock) {
    const id = String(state.nextId.itemLocation++);
    state.itemLocations[id] = { id, msku, locationId, quantity, modified: T0 };
    state.itemLocationOrder.push(id);
  }
  state.settings.DEFAULT_CONDITION = 'new';
  state.purchases['5001'] = {
    id: '5001',
    supplier: 'Northwind Wholesale',
    items: Object.fromEntries(
      items.map((it, i) => [
        it.msku,
        { purchaseItemId: `7${String(i + 1).padStart(3, '0')}`, msku: it.msku, qtyOrdered: 500, qtyReceived: 0 },
      ]),
    ),
  };
  state.feedback['1-111-2223334-5556667'] = {
    id: '1-111-2223334-5556667',
    venueId: 1,
    orderId: '111-2223334-5556667',
    date: '2026-01-10',
    rating: 5,
    comments: 'Arrived quickly, well packed.',
    buyer: 'j.doe@example.com',
  };
  addDemoShipment(state);
  return state;
}

/** Adds `count` generated items (BULK-0000001, …), for benchmarks of long listings. */
export function addBulkItems(state: InventoryState, count: number): void {
  for (let i = 1; i <= count; i++) {
    const msku = `BULK-${String(i).padStart(7, '0')}`;
    if (state.items[msku]) continue;
    state.items[msku] = item(msku, `Bulk item ${i}`, `B0${String(i).padStart(8, '0')}`, i % 100, i);
    state.itemOrder.push(msku);
  }
}
