/** What packing a shipment produces: its boxes, what each holds, and the facts printed on its carton label. */

/** One msku of the shipment as the service states it. */
export interface PackingLine {
  msku: string;
  fnsku: string;
  quantity: number;
}

/** The shipment being packed: id, destination and the units it holds. */
export interface ShipmentFacts {
  shipmentId: string;
  /** Fulfillment center id (e.g. PHX7), when known. */
  center: string | null;
  /** Ship-to address lines (the center's address from the plan); the center id alone when unknown. */
  shipTo: string[];
  lines: PackingLine[];
}

export interface BoxItem {
  msku: string;
  fnsku: string;
  quantity: number;
  /** Expiry date as YYYY-MM-DD, where the product expires. */
  exp?: string;
}

export interface Box {
  /** Box number, from 1. */
  box: number;
  /** `<shipment id>U<box number, 6 digits>`. */
  boxId: string;
  items: BoxItem[];
  weightLb: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  /** Over 50 lb: the carton needs a "team lift" mark. */
  teamLift: boolean;
}

export interface Packing {
  shipmentId: string;
  center: string | null;
  shipTo: string[];
  boxes: Box[];
  /** Units of the shipment left unpacked (only with --partial), per msku. */
  unpacked: Array<{ msku: string; quantity: number }>;
}

/** The id of box `n` of a shipment. */
export function boxIdOf(shipmentId: string, n: number): string {
  return `${shipmentId}U${String(n).padStart(6, '0')}`;
}
