/** The shipment to pack, as the inventory API tells it: its units per msku with their fnsku, and where it goes. */
import type { InventoryClient } from '../api/inventory.js';
import { InvError } from '../errors.js';
import type { ShipmentFacts } from './packing-types.js';

/** The facts of shipment `ref` (id or location id); refuses a shipment whose mskus lack an fnsku, or an id a label cannot carry. */
export async function shipmentFacts(client: InventoryClient, ref: string): Promise<ShipmentFacts> {
  const [{ LocationNames }, { showShipment }] = await Promise.all([
    import('../api/location-names.js'),
    import('../api/shipments.js'),
  ]);
  const detail = await showShipment(client, await new LocationNames(client).list(), ref);
  if (!/^[A-Z0-9]{1,20}$/.test(detail.shipmentId))
    throw new InvError(
      `shipment id "${detail.shipmentId}" is not capitals and digits: it cannot be printed in a box id`,
    );
  const lines = detail.items
    .filter((l) => l.quantity > 0)
    .map((l) => {
      if (!l.fnsku)
        throw new InvError(
          `${l.msku} in ${detail.shipmentId} has no fnsku (the inbound plan refused it): its units cannot be labelled for a box`,
        );
      if (!/^[A-Z0-9]{1,20}$/.test(l.fnsku))
        throw new InvError(
          `the fnsku of ${l.msku} ("${l.fnsku}") is not capitals and digits: it cannot go in a box-content barcode`,
        );
      return { msku: l.msku, fnsku: l.fnsku, quantity: l.quantity };
    });
  if (lines.length === 0) throw new InvError(`shipment ${detail.shipmentId} holds no units to pack`);
  const shipTo = detail.shipTo ?? [];
  return {
    shipmentId: detail.shipmentId,
    center: detail.center,
    shipTo: shipTo.length > 0 ? shipTo : detail.center ? [`Amazon ${detail.center}`] : [],
    lines,
  };
}

/** Title, ASIN and condition of each msku, for the pack list. */
export async function packListFacts(
  client: InventoryClient,
  mskus: Iterable<string>,
): Promise<Map<string, { title: string; asin: string; condition: string }>> {
  const { conditionText, printable } = await import('../labels/content.js');
  const facts = new Map<string, { title: string; asin: string; condition: string }>();
  for (const msku of new Set(mskus)) {
    const item = await client.item(msku);
    facts.set(msku, {
      title: printable(item.title ?? ''),
      asin: item.productIdType === 'ASIN' ? (item.productId ?? '') : '',
      condition: conditionText(item.cond),
    });
  }
  return facts;
}

/** Every code a unit of the shipment may be scanned by (fnsku, msku, and the item's UPC/EAN/ISBN/ASIN), each to its msku. */
export async function scanCodes(client: InventoryClient, facts: ShipmentFacts): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  for (const line of facts.lines) {
    const item = await client.item(line.msku);
    if (item.productId) codes.set(item.productId.toUpperCase(), line.msku);
  }
  // fnsku and msku win over a product code that happens to equal another item's.
  for (const line of facts.lines)
    codes.set(line.msku, line.msku).set(line.msku.toUpperCase(), line.msku).set(line.fnsku, line.msku);
  return codes;
}
