/** Changes to the inventory account, each written through Persist (so it is logged) and kept consistent. */
import { HttpFail } from '../http.js';
import type { Persist } from '../state-file.js';
import type {
  InventoryState,
  PurchaseItem,
  ShipmentPlan,
  StoredFeedback,
  StoredItem,
  StoredItemLocation,
  StoredLocation,
} from './inventory-state.js';

const key = (msku: string, locationId: string) => `${msku}\u0000${locationId}`;

export class Account {
  /** msku + location → itemLocation id; rebuilt at start, kept in step with every change. */
  private readonly stockIndex = new Map<string, string>();

  constructor(
    readonly state: InventoryState,
    private readonly persist: Persist,
  ) {
    for (const il of Object.values(state.itemLocations)) this.stockIndex.set(key(il.msku, il.locationId), il.id);
  }

  now(): string {
    return new Date().toISOString();
  }

  /** The item, or a 404 naming it. */
  item(msku: string): StoredItem {
    const found = this.state.items[msku];
    if (!found) throw new HttpFail(404, `item "${msku}" not found`);
    return found;
  }

  /** The location, or a 404 naming it. */
  location(id: string): StoredLocation {
    const found = this.state.locations[id];
    if (!found) throw new HttpFail(404, `location ${id} not found`);
    return found;
  }

  /** The itemLocation, or a 404 naming it. */
  itemLocation(id: string): StoredItemLocation {
    const found = this.state.itemLocations[id];
    if (!found) throw new HttpFail(404, `itemLocation ${id} not found`);
    return found;
  }

  /** Stores an item (new ones go to the end of the listing order). */
  putItem(item: StoredItem): void {
    if (!this.state.items[item.msku])
      this.persist.set(['inventory', 'itemOrder', this.state.itemOrder.length], item.msku);
    this.persist.set(['inventory', 'items', item.msku], item);
  }

  /** Stores a location; a new one needs an id from `nextLocationId`. */
  putLocation(location: StoredLocation): void {
    if (!this.state.locations[location.id])
      this.persist.set(['inventory', 'locationOrder', this.state.locationOrder.length], location.id);
    this.persist.set(['inventory', 'locations', location.id], location);
  }

  /** A new location id. */
  nextLocationId(): string {
    const id = this.state.nextId.location;
    this.persist.set(['inventory', 'nextId', 'location'], id + 1);
    return String(id);
  }

  /** The stock record of an item in a location, if there is one. */
  stockOf(msku: string, locationId: string): StoredItemLocation | undefined {
    const id = this.stockIndex.get(key(msku, locationId));
    return id === undefined ? undefined : this.state.itemLocations[id];
  }

  /** The stock record of an item in a location, created with quantity 0 when missing. */
  ensureStock(msku: string, locationId: string): StoredItemLocation {
    const existing = this.stockOf(msku, locationId);
    if (existing) return existing;
    const id = String(this.state.nextId.itemLocation);
    this.persist.set(['inventory', 'nextId', 'itemLocation'], this.state.nextId.itemLocation + 1);
    const created: StoredItemLocation = { id, msku, locationId, quantity: 0, modified: this.now() };
    this.persist.set(['inventory', 'itemLocationOrder', this.state.itemLocationOrder.length], id);
    this.persist.set(['inventory', 'itemLocations', id], created);
    this.stockIndex.set(key(msku, locationId), id);
    return created;
  }

  /** Adds `delta` to a stock record; refuses to go below zero. Synchronous, so concurrent calls never lose one. */
  adjustStock(id: string, delta: number): StoredItemLocation {
    const current = this.itemLocation(id);
    const quantity = current.quantity + delta;
    if (quantity < 0) {
      throw new HttpFail(
        400,
        `quantity of itemLocation ${id} would drop below zero (it holds ${current.quantity}, the change is ${delta})`,
      );
    }
    const next = { ...current, quantity, modified: this.now() };
    this.persist.set(['inventory', 'itemLocations', id], next);
    return next;
  }

  /** The purchaseItem of `msku` on a purchase, or a 404 naming what is missing. */
  purchaseItem(purchaseId: string, msku: string): PurchaseItem {
    const purchase = this.state.purchases[purchaseId];
    if (!purchase) throw new HttpFail(404, `purchase ${purchaseId} not found`);
    const item = purchase.items[msku];
    if (!item) throw new HttpFail(404, `purchase ${purchaseId} has no purchaseItem for msku "${msku}"`);
    return item;
  }

  /** Adds to qtyReceived of a purchaseItem. */
  receive(purchaseId: string, msku: string, quantity: number): void {
    const item = this.purchaseItem(purchaseId, msku);
    this.persist.set(['inventory', 'purchases', purchaseId, 'items', msku], {
      ...item,
      qtyReceived: item.qtyReceived + quantity,
    });
  }

  /** The next shipment sequence number (for plan shipment ids). */
  nextShipmentNumber(): number {
    const n = this.state.nextId.shipment;
    this.persist.set(['inventory', 'nextId', 'shipment'], n + 1);
    return n;
  }

  /** Marks a shipment closed or failing (sandbox control). */
  setShipmentStatus(shipmentId: string, status: 'closed' | 'failing' | undefined): void {
    this.persist.set(['inventory', 'shipments', shipmentId], status);
  }

  /** Adds `quantity` of `msku` to a shipment's plan (its center set by the first plan); returns the plan. */
  addToPlan(shipmentId: string, center: string, msku: string, fnsku: string, quantity: number): ShipmentPlan {
    const plan = this.state.plans[shipmentId] ?? { center, items: {} };
    const before = plan.items[msku]?.quantity ?? 0;
    this.persist.set(['inventory', 'plans', shipmentId], {
      center: plan.center,
      items: { ...plan.items, [msku]: { fnsku, quantity: before + quantity } },
    });
    return this.state.plans[shipmentId]!;
  }

  /** Stores a feedback record. */
  putFeedback(feedback: StoredFeedback): void {
    this.persist.set(['inventory', 'feedback', feedback.id], feedback);
  }

  /** Deletes a feedback record. */
  deleteFeedback(id: string): void {
    this.persist.set(['inventory', 'feedback', id], undefined);
  }

  /** A new feedback number (for feedback without an order id). */
  nextFeedbackNumber(): number {
    const n = this.state.nextId.feedback;
    this.persist.set(['inventory', 'nextId', 'feedback'], n + 1);
    return n;
  }

  /** Sets a key-value setting. */
  setSetting(name: string, value: string): void {
    this.persist.set(['inventory', 'settings', name], value);
  }
}
