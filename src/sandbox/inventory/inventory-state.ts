/** The inventory account of the sandbox: items, locations, stock per location, feedback, settings. */
import type { Feedback, Item } from '../../api/inventory-types.js';

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

/** Fills in what a state written by an older sandbox lacks. */
export function upgradeInventory(loaded: Partial<InventoryState> | undefined): InventoryState {
  const fresh = emptyInventory();
  if (!loaded) return fresh;
  return { ...fresh, ...loaded, nextId: { ...fresh.nextId, ...loaded.nextId } } as InventoryState;
}
