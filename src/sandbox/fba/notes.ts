/**
 * The notes of an inbound shipment's location, which describe the shipment (as the API documents them to):
 * its center, the center's ship-to address and the plan so far, in a form `inv shipments show` reads:
 * "Inbound shipment FBA… to PHX7 (Phoenix, AZ). Ship to: name | street | City, ST zip | US. Plan: MSKU x 8 (X000…), …".
 */
import type { ShipmentPlan } from '../inventory/inventory-state.js';
import type { Center } from './centers.js';

/** The notes of shipment `shipmentId` bound for `center` with `plan`. */
export function shipmentNotes(shipmentId: string, center: Center, plan: ShipmentPlan): string {
  const address = [
    center.name,
    center.addr1,
    center.addr2,
    `${center.city}, ${center.state} ${center.zip}`,
    center.country,
  ]
    .filter(Boolean)
    .join(' | ');
  const planned = Object.entries(plan.items)
    .map(([msku, { fnsku, quantity }]) => `${msku} x ${quantity} (${fnsku})`)
    .join(', ');
  return `Inbound shipment ${shipmentId} to ${center.id} (${center.city}, ${center.state}). Ship to: ${address}. Plan: ${planned}`;
}
