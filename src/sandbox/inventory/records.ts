/** Stored records as the API shows them: numeric strings where the API documents them, and an absolute link. */
import type { StoredFeedback, StoredItem, StoredItemLocation, StoredLocation } from './inventory-state.js';

const num = (n: number | null) => (n === null ? null : String(n));

/** The keys of a stored item in the order every writer stores them (inventory-state's item(), the item routes). */
const STORED_ORDER = [
  'msku',
  'inactive',
  'productId',
  'productIdType',
  'title',
  'manufacturer',
  'image',
  'type',
  'cond',
  'notes',
  'createdUserId',
  'created',
  'value',
  'rank',
  'modified',
  'attributes',
] as const satisfies ReadonlyArray<keyof StoredItem>;

/** Whether `item` has exactly the stored keys, in STORED_ORDER. */
function inStoredOrder(item: StoredItem): boolean {
  let i = 0;
  for (const key in item) if (key !== STORED_ORDER[i++]) return false;
  return i === STORED_ORDER.length;
}

/** The fields an item record shows in place of (or after) the stored ones. */
function shownFields(item: StoredItem, origin: string) {
  return {
    inactive: item.inactive === 'y' ? 'y' : '',
    createdUserId: item.createdUserId,
    value: num(item.value),
    rank: num(item.rank),
    listings: [],
    link: `${origin}/v1/items/${encodeURIComponent(item.msku)}`,
  };
}

/** An item record (active items carry an empty `inactive`, as in the documented samples). */
export function itemRecord(item: StoredItem, origin: string) {
  const shown = shownFields(item, origin);
  // The same keys in the same order as the spread below, written out: V8 reshapes a spread copy for each key
  // changed or added, which made records five times slower to build on long listings. A stored item with other
  // keys or another order (a data file edited by hand) is spread, so that what it holds is shown as it is.
  if (!inStoredOrder(item)) return { ...item, ...shown };
  return {
    msku: item.msku,
    inactive: shown.inactive,
    productId: item.productId,
    productIdType: item.productIdType,
    title: item.title,
    manufacturer: item.manufacturer,
    image: item.image,
    type: item.type,
    cond: item.cond,
    notes: item.notes,
    createdUserId: item.createdUserId,
    created: item.created,
    value: shown.value,
    rank: shown.rank,
    modified: item.modified,
    attributes: item.attributes,
    listings: shown.listings,
    link: shown.link,
  };
}

/** Whether doMoveItem may take stock from a location type. */
export const CAN_MOVE = new Set(['shelf', 'shipment', 'unfulfillable']);
/** Whether doSendToFBA may take stock from a location type. */
export const CAN_MOVE_FBA = new Set(['shelf', 'shipment']);

/** A location record, canMove and canMoveFBA derived from its type. */
export function locationRecord(location: StoredLocation, origin: string) {
  return {
    ...location,
    order: String(location.order),
    canMove: CAN_MOVE.has(location.type),
    canMoveFBA: CAN_MOVE_FBA.has(location.type),
    link: `${origin}/v1/locations/${location.id}`,
  };
}

/** An itemLocation record. */
export function itemLocationRecord(il: StoredItemLocation, origin: string) {
  return { ...il, quantity: String(il.quantity), acknowledged: null, link: `${origin}/v1/itemLocations/${il.id}` };
}

/** A feedback record. */
export function feedbackRecord(feedback: StoredFeedback, origin: string) {
  return { ...feedback, link: `${origin}/v1/feedback/${encodeURIComponent(feedback.id)}` };
}
