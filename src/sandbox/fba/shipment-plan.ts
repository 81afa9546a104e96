/**
 * The sandbox's inbound shipment plan, documented in the README: a quantity below 10 goes to one
 * fulfillment center, 10 to 49 is split over two, 50 or more over three; the centers are the
 * item's own rotation of the center list (from the md5 of its msku); the first gets any remainder.
 */
import { createHash } from 'node:crypto';
import { CENTERS, type Center } from './centers.js';

export const PREP_TYPE = 'SELLER_LABEL';

export interface PlannedFbaShipment {
  shipmentId: string;
  center: Center;
  quantity: number;
}

/** The fulfillment-network SKU of an msku: X000 and six characters of its md5. */
export function fnskuOf(msku: string): string {
  return 'X000' + createHash('md5').update(msku).digest('hex').slice(0, 6).toUpperCase();
}

/** A shipment id from a sequence number, shaped like the marketplace's (FBA1 + 7 characters). */
export function shipmentIdOf(sequence: number): string {
  return 'FBA1' + sequence.toString(36).toUpperCase().padStart(7, '0');
}

/** Splits `quantity` of `msku` over fulfillment centers; `nextSequence` hands out shipment numbers. */
export function planShipments(msku: string, quantity: number, nextSequence: () => number): PlannedFbaShipment[] {
  const parts = Math.min(quantity, quantity >= 50 ? 3 : quantity >= 10 ? 2 : 1);
  const start = createHash('md5').update(msku).digest().readUInt32LE(0) % CENTERS.length;
  const base = Math.floor(quantity / parts);
  return Array.from({ length: parts }, (_, i) => ({
    shipmentId: shipmentIdOf(nextSequence()),
    center: CENTERS[(start + i) % CENTERS.length]!,
    quantity: base + (i === 0 ? quantity - base * parts : 0),
  }));
}
