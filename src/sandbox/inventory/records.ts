/** Stored records as the API shows them: numeric strings where the API documents them, and an absolute link. */
import type { StoredFeedback, StoredItem, StoredItemLocation, StoredLocation } from './inventory-state.js';

const num = (n: number | null) => (n === null ? null : String(n));

/** The stored fields an item record shows differently (active items carry an empty `inactive`, as documented). */
function restatedFields(item: StoredItem) {
  return {
    inactive: item.inactive === 'y' ? 'y' : '',
    createdUserId: item.createdUserId,
    value: num(item.value),
    rank: num(item.rank),
  };
}

/** The fields an item record adds after the stored ones. */
function addedFields(item: StoredItem, origin: string) {
  return { listings: [], link: `${origin}/v1/items/${encodeURIComponent(item.msku)}` };
}

/**
 * The record of an item stored as every writer stores it (inventory-state's item(), the item routes): the same keys
 * in the same order as `{ ...item, ...restated, ...added }`, written out, since V8 reshapes a spread copy for each
 * key changed or added, which made records five times slower to build on long listings.
 */
function recordInStoredOrder(item: StoredItem, origin: string) {
  const restated = restatedFields(item);
  const added = addedFields(item, origin);
  return {
    msku: item.msku,
    inactive: restated.inactive,
    productId: item.productId,
    productIdType: item.productIdType,
    title: item.title,
    manufacturer: item.manufacturer,
    image: item.image,
    type: item.type,
    cond: item.cond,
    notes: item.notes,
    createdUserId: restated.createdUserId,
    created: item.created,
    value: restated.value,
    rank: restated.rank,
    modified: item.modified,
    attributes: item.attributes,
    listings: added.listings,
    link: added.link,
  };
}

/** The stored keys recordInStoredOrder copies, in its order: a key it lacks sends every item to the spread. */
const STORED_ORDER = (() => {
  const sample = { msku: '' } as StoredItem;
  const added = new Set(Object.keys(addedFields(sample, '')));
  return Object.keys(recordInStoredOrder(sample, '')).filter((key) => !added.has(key));
})();

/** Whether `item` has exactly the stored keys, in STORED_ORDER. */
function inStoredOrder(item: StoredItem): boolean {
  let i = 0;
  for (const key in item) if (key !== STORED_ORDER[i++]) return false;
  return i === STORED_ORDER.length;
}

/** An item record. A stored item with other keys or another order (a data file edited by hand) is shown as it is. */
export function itemRecord(item: StoredItem, origin: string) {
  if (inStoredOrder(item)) return recordInStoredOrder(item, origin);
  return { ...item, ...restatedFields(item), ...addedFields(item, origin) };
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
