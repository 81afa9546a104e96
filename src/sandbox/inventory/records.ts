/** Stored records as the API shows them: numeric strings where the API documents them, and an absolute link. */
import type { StoredFeedback, StoredItem, StoredItemLocation, StoredLocation } from './inventory-state.js';

const num = (n: number | null) => (n === null ? null : String(n));

/** An item record (active items carry an empty `inactive`, as in the documented samples). */
export function itemRecord(item: StoredItem, origin: string) {
  return {
    ...item,
    inactive: item.inactive === 'y' ? 'y' : '',
    createdUserId: item.createdUserId,
    value: num(item.value),
    rank: num(item.rank),
    listings: [],
    link: `${origin}/v1/items/${encodeURIComponent(item.msku)}`,
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
