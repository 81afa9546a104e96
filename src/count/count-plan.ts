/**
 * What a count sets: the bin's stock read when the count starts, the differences the count makes, and the check that
 * the bin did not change on the server meanwhile (docs/decisions.md, 30).
 */
import type { InventoryClient } from '../api/inventory.js';
import { allStock } from '../api/stock.js';
import { ConflictError } from '../errors.js';

/** One stock record of the bin as read: its itemLocation id and quantity. */
export interface Held {
  itemLocationId: string;
  quantity: number;
}

/** The bin's stock per msku, as read at one moment. */
export type BinStock = Map<string, Held>;

/** One position whose count differs from the server's quantity. */
export interface CountDifference {
  msku: string;
  /** The itemLocation to adjust; absent when the bin has no record of the msku (it cannot be set, only received). */
  itemLocationId?: string;
  before: number;
  counted: number;
}

/** The stock records of one location, per msku. */
export async function readBin(client: InventoryClient, locationId: string): Promise<BinStock> {
  const stock: BinStock = new Map();
  for (const il of await allStock(client, { locationId }))
    if (il.locationId === locationId) stock.set(il.msku, { itemLocationId: il.id, quantity: Number(il.quantity) });
  return stock;
}

/** The differences of a count against the stock read at its start: an msku held but not counted is counted 0. */
export function differences(start: BinStock, counted: ReadonlyMap<string, number>): CountDifference[] {
  const out: CountDifference[] = [];
  for (const [msku, held] of start) {
    const n = counted.get(msku) ?? 0;
    if (n !== held.quantity) out.push({ msku, itemLocationId: held.itemLocationId, before: held.quantity, counted: n });
  }
  for (const [msku, n] of counted) if (!start.has(msku) && n > 0) out.push({ msku, before: 0, counted: n });
  return out;
}

/** How the bin changed between two reads, one phrase per msku ("MUG 120 → 118"); empty when it did not. */
export function changes(start: BinStock, now: BinStock): string[] {
  const mskus = new Set([...start.keys(), ...now.keys()]);
  return [...mskus]
    .filter((m) => start.get(m)?.quantity !== now.get(m)?.quantity)
    .map((m) => `${m} ${start.get(m)?.quantity ?? 'none'} → ${now.get(m)?.quantity ?? 'none'}`);
}

/** Reads the bin again and refuses the count (exit 1, nothing set) when its stock is not what the count started from. */
export async function checkUnchanged(
  client: InventoryClient,
  location: { id: string; display: string },
  start: BinStock,
): Promise<void> {
  const changed = changes(start, await readBin(client, location.id));
  if (changed.length > 0)
    throw new ConflictError(
      `${location.display} changed on the server during the count (${changed.join(', ')}): nothing was set`,
      `count ${location.display} again`,
    );
}
