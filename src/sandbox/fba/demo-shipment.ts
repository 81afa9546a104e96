/**
 * The demo account's inbound shipment FBA10000001: a book and mugs sent to PHX7 earlier, closed to new units and
 * waiting to be packed (what `inv shipments show` and `inv pack` examples name). Sends open shipments of their own.
 */
import type { InventoryState } from '../inventory/inventory-state.js';
import { CENTERS } from './centers.js';
import { shipmentNotes } from './notes.js';
import { fnskuOf, PREP_TYPE, shipmentIdOf } from './shipment-plan.js';

const SENT = '2026-01-08T15:30:00.000Z';

/** Adds the closed shipment FBA10000001 (BOOK-COOK-001 x 6, MUG-BLUE-11OZ x 6 at PHX7) to the demo state. */
export function addDemoShipment(state: InventoryState): void {
  const shipmentId = shipmentIdOf(state.nextId.shipment++);
  const center = CENTERS.find((c) => c.id === 'PHX7')!;
  const items = Object.fromEntries(
    ['BOOK-COOK-001', 'MUG-BLUE-11OZ'].map((msku) => [msku, { fnsku: fnskuOf(msku), quantity: 6 }]),
  );
  const plan = { center: center.id, items };
  const id = String(state.nextId.location++);
  state.locations[id] = {
    id,
    display: shipmentId,
    order: 0,
    type: 'fbaShipment',
    ref: `${state.merchantId}:${state.marketplaceId}:${shipmentId}:${PREP_TYPE}`,
    notes: shipmentNotes(shipmentId, center, plan),
    created: SENT,
    modified: null,
  };
  state.locationOrder.push(id);
  for (const [msku, { quantity }] of Object.entries(plan.items)) {
    const stockId = String(state.nextId.itemLocation++);
    state.itemLocations[stockId] = { id: stockId, msku, locationId: id, quantity, modified: SENT };
    state.itemLocationOrder.push(stockId);
  }
  state.plans[shipmentId] = plan;
  state.shipments[shipmentId] = 'closed';
  // No open shipment for PHX7: the next send there opens a new one, and this one lists as closed.
  state.settings[`OPEN_SHIPMENT_${state.merchantId}_${state.marketplaceId}_${center.id}_${PREP_TYPE}`] = '';
}
