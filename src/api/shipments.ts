/** Inbound FBA shipments as the inventory API keeps them: fbaShipment locations, their stock and open-shipment settings. */
import { NotFoundError } from '../errors.js';
import type { InventoryClient } from './inventory.js';
import type { ItemLocation, Location } from './inventory-types.js';
import { allStock } from './stock.js';

export interface Shipment {
  shipmentId: string;
  locationId: string;
  /** Fulfillment center id, when the location's notes name it. */
  center: string | null;
  units: number;
  /** "open" when the open-shipment setting points at this location, "closed" when at another; null when unknown. */
  status: 'open' | 'closed' | null;
  merchantId: string | null;
  marketplaceId: string | null;
  prepType: string | null;
  created: string;
}

export interface ShipmentLine {
  msku: string;
  fnsku: string | null;
  quantity: number;
  itemLocationId: string;
}

export interface ShipmentDetail extends Shipment {
  /** The fulfillment center's address as the shipment's notes state it ("Ship to: line | line | …"); null when they do not. */
  shipTo: string[] | null;
  /** What the inbound plans put in the shipment, as its notes state it ("Plan: MSKU x 8 (FNSKU), …"); null when they do not. */
  plan: Array<{ msku: string; fnsku: string; quantity: number }> | null;
  items: ShipmentLine[];
}

/** The plan in an fbaShipment location's notes. */
export function planOf(notes: string | null | undefined): ShipmentDetail['plan'] {
  const found = /\. Plan: (.+)$/.exec(notes ?? '');
  if (!found) return null;
  return found[1]!.split(/, (?=\S+ x \d+ \()/).flatMap((part) => {
    const m = /^(.+) x (\d+) \(([A-Z0-9]+)\)$/.exec(part);
    return m ? [{ msku: m[1]!, fnsku: m[3]!, quantity: Number(m[2]) }] : [];
  });
}

/** The ship-to address lines in an fbaShipment location's notes. */
export function shipToOf(notes: string | null | undefined): string[] | null {
  const found = /\bShip to: ([^\n]+?)(?:\. Plan: |$)/i.exec(notes ?? '');
  return found
    ? found[1]!
        .split(' | ')
        .map((l) => l.trim())
        .filter(Boolean)
    : null;
}

/** The parts of an fbaShipment location's ref (merchant:marketplace:shipment:prep) and the center in its notes. */
export function shipmentParts(
  location: Location,
): Pick<Shipment, 'shipmentId' | 'merchantId' | 'marketplaceId' | 'prepType' | 'center'> {
  const parts = (location.ref ?? '').split(':');
  const fromRef = parts.length === 4;
  const center = /\bto ([A-Z]{3}\d)\b/.exec(location.notes ?? '')?.[1] ?? null;
  return {
    shipmentId: fromRef ? parts[2]! : location.display,
    merchantId: fromRef ? parts[0]! : null,
    marketplaceId: fromRef ? parts[1]! : null,
    prepType: fromRef ? parts[3]! : null,
    center,
  };
}

/** Whether the open-shipment setting of the shipment's merchant, marketplace, center and prep type points at it. */
async function status(
  client: InventoryClient,
  location: Location,
  parts: ReturnType<typeof shipmentParts>,
): Promise<Shipment['status']> {
  if (!parts.merchantId || !parts.marketplaceId || !parts.center || !parts.prepType) return null;
  const key = `OPEN_SHIPMENT_${parts.merchantId}_${parts.marketplaceId}_${parts.center}_${parts.prepType}`;
  const value = await client.settingValue(key);
  return value === undefined ? null : value === location.id ? 'open' : 'closed';
}

function summary(location: Location, stock: readonly ItemLocation[], state: Shipment['status']): Shipment {
  const parts = shipmentParts(location);
  const units = stock.filter((il) => il.locationId === location.id).reduce((n, il) => n + Number(il.quantity), 0);
  return { ...parts, locationId: location.id, units, status: state, created: location.created };
}

/** Every fbaShipment location with its units and status. */
export async function listShipments(client: InventoryClient, locations: readonly Location[]): Promise<Shipment[]> {
  const shipments = locations.filter((l) => l.type === 'fbaShipment');
  return Promise.all(
    shipments.map(async (l) =>
      summary(l, await allStock(client, { locationId: l.id }), await status(client, l, shipmentParts(l))),
    ),
  );
}

/** One shipment by shipment id or location id, with each msku's fnsku (from an inbound plan of one unit) and quantity. */
export async function showShipment(
  client: InventoryClient,
  locations: readonly Location[],
  ref: string,
): Promise<ShipmentDetail> {
  const shipments = locations.filter((l) => l.type === 'fbaShipment');
  const location =
    shipments.find((l) => shipmentParts(l).shipmentId === ref || l.display === ref) ??
    shipments.find((l) => l.id === ref);
  if (!location) throw new NotFoundError(`no FBA shipment "${ref}"`, 'see `inv shipments list`');
  const stock = (await allStock(client, { locationId: location.id })).filter((il) => il.locationId === location.id);
  const items = await Promise.all(
    stock.map(async (il) => ({
      msku: il.msku,
      fnsku: await itemFnsku(client, il.msku),
      quantity: Number(il.quantity),
      itemLocationId: il.id,
    })),
  );
  return {
    ...summary(location, stock, await status(client, location, shipmentParts(location))),
    shipTo: shipToOf(location.notes),
    plan: planOf(location.notes),
    items,
  };
}

/** The fnsku the marketplace gives an msku, as an inbound plan of one unit states it; null when the plan is refused. */
export async function itemFnsku(client: InventoryClient, msku: string): Promise<string | null> {
  try {
    const plan = await client.plan({ msku, quantity: 1 });
    return (
      Object.values(plan)
        .map((s) => s.items?.[msku]?.fnsku)
        .find((f) => typeof f === 'string') ?? null
    );
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
