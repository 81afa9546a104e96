/** What inv move, send-to-fba and plan share: the quantity, the source flags, the venue, and the location pickers. */
import { positiveQuantity, QUANTITY_RULE } from '../../api/quantity.js';
import type { InventoryClient } from '../../api/inventory.js';
import type { Location } from '../../api/inventory-types.js';
import type { LocationNames } from '../../api/location-names.js';
import type { Ctx } from '../../cli/ctx.js';
import { canPrompt } from '../../cli/prompt.js';
import { InputNeededError, UsageError } from '../../errors.js';

/** Checks --from against --from-purchase: not both, and a purchase id is digits. */
export function checkSource(flags: { from?: string; fromPurchase?: string }): void {
  if (flags.from && flags.fromPurchase) throw new UsageError('give --from or --from-purchase, not both');
  if (flags.fromPurchase !== undefined && !/^\d+$/.test(flags.fromPurchase))
    throw new UsageError(`--from-purchase "${flags.fromPurchase}" must be a purchase id (digits)`);
}

/** Checks --venue-id: a whole number when given. */
export function checkVenueId(venueId: string | undefined): void {
  if (venueId !== undefined && !/^\d+$/.test(venueId))
    throw new UsageError(`--venue-id "${venueId}" must be a whole number`);
}

export interface PickOptions {
  /** Which locations may be offered. */
  allowed?: (l: Location) => boolean;
  /** Quantities of the item per location id, shown beside each choice. */
  held?: ReadonlyMap<string, number>;
  /** Offer only locations holding some of the item (a source). */
  holding?: boolean;
  /** A location never offered (the source, when picking the destination). */
  exclude?: string;
}

/** A location by id or name, or picked from a list on a terminal (exit 7 naming `flag` elsewhere). */
export async function locationArg(
  ctx: Ctx,
  given: string | undefined,
  flag: string,
  what: string,
  names: LocationNames,
  pick: PickOptions = {},
): Promise<string> {
  if (given !== undefined) return names.id(given, flag);
  if (!canPrompt(ctx.io, ctx.globals)) throw new InputNeededError(what, flag);
  const { allowed, held, holding, exclude } = pick;
  const offered = (await names.list()).filter(
    (l) => (!allowed || allowed(l)) && l.id !== exclude && (!holding || !held || (held.get(l.id) ?? 0) > 0),
  );
  if (offered.length === 0)
    throw new UsageError(
      `no location to offer as ${what}${holding ? ': the item is held in none that allows this' : ''}`,
      `pass ${flag}`,
    );
  const choices = offered.map(
    (l) => `${l.id}  ${l.display} (${l.type})${held ? ` · ${held.get(l.id) ?? 0} held` : ''}`,
  );
  const picked = await ctx.choose({ what, flag, message: `${what[0]!.toUpperCase()}${what.slice(1)}:`, choices });
  return picked.split(' ')[0]!;
}

/** The item's quantity per location id, for pickers; undefined when the server does not list stock. */
export async function heldPerLocation(client: InventoryClient, msku: string): Promise<Map<string, number> | undefined> {
  const { allStock } = await import('../../api/stock.js');
  try {
    return new Map((await allStock(client, { msku })).map((il) => [il.locationId, Number(il.quantity)]));
  } catch {
    return undefined;
  }
}

/** A positive whole quantity. */
export function parseQuantity(text: string): number {
  const quantity = positiveQuantity(text);
  if (quantity === undefined) throw new UsageError(`quantity "${text}" ${QUANTITY_RULE}`);
  return quantity;
}
