/** Stock per location: listing itemLocations, finding one, setting a counted quantity, totals per msku. */
import { ApiError, InvError, NotFoundError } from '../errors.js';
import type { InventoryClient } from './inventory.js';
import type { ItemLocation } from './inventory-types.js';
import type { PagingOptions } from './collection-pages.js';
import { sameName } from '../util/compare.js';

export interface StockFilter {
  msku?: string;
  locationId?: string;
}

/** Streams itemLocations; a server that answers 404 or 405 to the collection does not list stock (exit 1). */
export async function* listStock(
  client: InventoryClient,
  filter: StockFilter,
  paging: PagingOptions,
): AsyncGenerator<ItemLocation> {
  try {
    yield* client.list<ItemLocation>('itemLocations', paging, { msku: filter.msku, locationId: filter.locationId });
  } catch (error) {
    if (error instanceof NotFoundError || (error instanceof ApiError && error.status === 405)) {
      throw new InvError(
        'this server does not list stock (GET /v1/itemLocations is not offered)',
        'the quantities of a move or a send-to-fba answer show the stock of one location; `inv stock get ID` reads one itemLocation',
      );
    }
    throw error;
  }
}

/** The msku of an item that `msku` names but for its case (or Unicode form): what a filter that matched nothing meant. */
export async function mskuLike(client: InventoryClient, msku: string): Promise<string | undefined> {
  for await (const item of client.list<{ msku: string }>('items', { pageSize: 1000 }))
    if (item.msku !== msku && sameName(item.msku, msku)) return item.msku;
  return undefined;
}

/** Every itemLocation matching the filter, in one array. */
export async function allStock(client: InventoryClient, filter: StockFilter): Promise<ItemLocation[]> {
  const found: ItemLocation[] = [];
  for await (const il of listStock(client, filter, { pageSize: 1000 })) found.push(il);
  return found;
}

/** The itemLocation of an msku in a location, if the server has one. */
export async function stockAt(
  client: InventoryClient,
  msku: string,
  locationId: string,
): Promise<ItemLocation | undefined> {
  return (await allStock(client, { msku, locationId })).find((il) => il.msku === msku && il.locationId === locationId);
}

export interface StockSet {
  before: number;
  after: number;
  /** The itemLocation after the change (as the server answered), or as read when nothing was sent. */
  itemLocation: ItemLocation;
  /** Whether a change was sent. */
  sent: boolean;
}

/** Reads the quantity of `msku` in `locationId`, sends the difference to `count` once, and returns before and after. */
export async function setStock(
  client: InventoryClient,
  msku: string,
  locationId: string,
  location: string,
  count: number,
): Promise<StockSet> {
  const current = await stockAt(client, msku, locationId);
  if (!current) {
    throw new NotFoundError(
      `${msku} has no stock record in ${location}: nothing to set`,
      "to record stock found there without changing any other location's count, receive it from a purchase: " +
        `\`inv move ${msku} ${count || 1} --from-purchase PURCHASE_ID --to "${location}"\``,
    );
  }
  const before = Number(current.quantity);
  if (before === count) return { before, after: before, itemLocation: current, sent: false };
  const changed = await client.adjustStock(current.id, count - before);
  return { before, after: Number(changed.quantity), itemLocation: changed, sent: true };
}

export interface MskuTotal {
  msku: string;
  quantity: number;
  locations: Array<{ locationId: string; quantity: number }>;
}

/** Totals per msku, in the order the mskus first appear. */
export function totalsByMsku(records: Iterable<ItemLocation>): MskuTotal[] {
  const totals = new Map<string, MskuTotal>();
  for (const il of records) {
    const total = totals.get(il.msku) ?? { msku: il.msku, quantity: 0, locations: [] };
    total.quantity += Number(il.quantity);
    total.locations.push({ locationId: il.locationId, quantity: Number(il.quantity) });
    totals.set(il.msku, total);
  }
  return [...totals.values()];
}
