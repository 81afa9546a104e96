/** Records of the Inventory API (as documented, with the departures in docs/decisions.md); numeric fields often arrive as strings. */

export interface Item {
  msku: string;
  inactive: string;
  productId: string | null;
  productIdType: string | null;
  title: string;
  manufacturer: string | null;
  image: string | null;
  type: string | null;
  cond: string;
  notes: string | null;
  createdUserId: string;
  created: string;
  value: string | null;
  rank: string | null;
  modified: string | null;
  attributes: Array<{ name: string; value: string }>;
  listings: unknown[];
  link: string;
}

export interface Location {
  id: string;
  display: string;
  order: string;
  type: string;
  ref: string | null;
  notes: string | null;
  canMove: boolean;
  canMoveFBA: boolean;
  created: string;
  modified: string | null;
  link: string;
}

export interface ItemLocation {
  id: string;
  msku: string;
  locationId: string;
  quantity: string;
  modified: string;
  acknowledged: unknown;
  link: string;
}

export interface Feedback {
  id: string;
  venueId: number;
  orderId: string | null;
  date: string;
  rating: number | null;
  comments: string | null;
  buyer: string | null;
  link: string;
}

export interface Setting {
  key: string;
  value: string;
}

/** The collection envelope inside `data`. */
export interface Collection {
  offset: number;
  limit: number;
  count: string;
  prev: string;
  next: string;
  first: string;
  last: string;
  pages: number;
  [array: string]: unknown;
}

/** One shipment of an inbound shipment plan. */
export interface PlannedShipment {
  shipmentId: string;
  labelPrepType: string;
  shipToAddr: {
    name: string;
    addr1: string;
    addr2: string;
    county: string;
    city: string;
    state: string;
    country: string;
    zip: string;
  };
  fulfillmentCenterId: string;
  items: Record<string, { sku: string; fnsku: string; qty: string }>;
}

/** One shipment touched by doSendToFBA. */
export interface SentShipment {
  shipmentId: string;
  fnsku: string;
  fnskuLabel: string;
  quantity: string;
  fc: string;
  prepType: string;
  newShipment: boolean;
  itemLocation: ItemLocation;
}

/** A move: from a location or a purchase, to a location. */
export interface MoveRequest {
  msku: string;
  quantity: number;
  fromLocationId?: number;
  fromPurchaseId?: number;
  toLocationId: number;
}
