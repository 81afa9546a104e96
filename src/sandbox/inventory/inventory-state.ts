/** The inventory account of the sandbox: items, locations, stock per location, feedback, settings. */
import type { Feedback, Item } from '../../api/inventory-types.js';
import { addDemoShipment } from '../fba/demo-shipment.js';

/** An item as stored: the record the API shows, with numbers as numbers and without the computed fields. */
export type StoredItem = Omit<Item, 'inactive' | 'value' | 'rank' | 'listings' | 'link'> & {
  inactive: 'y' | 'n';
  value: number | null;
  rank: number | null;
};

export interface StoredLocation {
  id: string;
  display: string;
  order: number;
  type: string;
  ref: string | null;
  notes: string | null;
  created: string;
  modified: string | null;
}

export interface StoredItemLocation {
  id: string;
  msku: string;
  locationId: string;
  quantity: number;
  modified: string;
}

/** A feedback record as stored: the record the API shows, without its link. */
export type StoredFeedback = Omit<Feedback, 'link'>;

export interface PurchaseItem {
  purchaseItemId: string;
  msku: string;
  qtyOrdered: number;
  qtyReceived: number;
}

export interface Purchase {
  id: string;
  supplier: string;
  /** Keyed by msku. */
  items: Record<string, PurchaseItem>;
}

export interface ShipmentPlan {
  /** Fulfillment center id. */
  center: string;
  /** Keyed by msku: its fnsku and the units planned into this shipment so far. */
  items: Record<string, { fnsku: string; quantity: number }>;
}

export interface InventoryState {
  merchantId: string;
  marketplaceId: string;
  /** Purchases and their items (referenced by fromPurchaseId), keyed by purchase id. */
  purchases: Record<string, Purchase>;
  /** Sandbox-only: shipments closed or made to fail (POST /_sandbox/shipments/<id>/close|fail). */
  shipments: Record<string, 'closed' | 'failing'>;
  /** Each inbound shipment's plan, keyed by shipment id: its center and what the plans put in it (told in the location's notes). */
  plans: Record<string, ShipmentPlan>;
  items: Record<string, StoredItem>;
  /** mskus in creation order: the order of GET /v1/items. */
  itemOrder: string[];
  locations: Record<string, StoredLocation>;
  locationOrder: string[];
  itemLocations: Record<string, StoredItemLocation>;
  itemLocationOrder: string[];
  feedback: Record<string, StoredFeedback>;
  settings: Record<string, string>;
  nextId: { location: number; itemLocation: number; feedback: number; shipment: number };
}

const T0 = '2026-01-05T09:00:00.000Z';

/** An empty account. */
export function emptyInventory(): InventoryState {
  return {
    merchantId: 'A1SANDBOXMERCHANT',
    marketplaceId: 'ATVPDKIKX0DER',
    purchases: {},
    shipments: {},
    plans: {},
    items: {},
    itemOrder: [],
    locations: {},
    locationOrder: [],
    itemLocations: {},
    itemLocationOrder: [],
    feedback: {},
    settings: {},
    nextId: { location: 1, itemLocation: 1, feedback: 1, shipment: 1 },
  };
}

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

/** Fills in what a state written by an older sandbox lacks. */
export function upgradeInventory(loaded: Partial<InventoryState> | undefined): InventoryState {
  const fresh = emptyInventory();
  if (!loaded) return fresh;
  return { ...fresh, ...loaded, nextId: { ...fresh.nextId, ...loaded.nextId } } as InventoryState;
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
