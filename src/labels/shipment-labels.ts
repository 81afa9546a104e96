/** The labels of a doSendToFBA result: per shipment, a heading label, then one label per unit just added. */
import type { SentShipment } from '../api/inventory-types.js';
import { UsageError } from '../errors.js';
import { checkFnsku, printable, unitRun, type LabelRun } from './content.js';

/** One shipment's share of a send: what to label. */
export interface ShipmentUnits {
  shipmentId: string;
  center: string;
  msku: string;
  fnsku: string;
  quantity: number;
}

/** The shipments of a doSendToFBA result (the API's answer, or a saved `inv send-to-fba --json`), checked field by field. */
export function shipmentUnits(result: unknown, source: string): ShipmentUnits[] {
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    throw new UsageError(
      `${source}: must be the JSON object printed by inv send-to-fba --json (shipments keyed by id)`,
    );
  const entries = Object.entries(result as Record<string, Partial<SentShipment> | null>);
  if (entries.length === 0) throw new UsageError(`${source}: holds no shipments`);
  return entries.map(([key, s]) => {
    const where = `${source}: shipment "${printable(key)}"`;
    if (s === null || typeof s !== 'object') throw new UsageError(`${where} must be an object`);
    const text = (name: string, value: unknown) => {
      if (typeof value !== 'string' || value === '')
        throw new UsageError(`${where}: ${name} must be a non-empty string`);
      return value;
    };
    const quantity = String(s.quantity ?? '');
    if (!/^\d+$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > 100_000)
      throw new UsageError(`${where}: quantity must be a whole number from 1 to 100000`);
    return {
      shipmentId: text('shipmentId', s.shipmentId ?? key),
      center: text('fc', s.fc),
      msku: text('itemLocation.msku', s.itemLocation?.msku),
      fnsku: checkFnsku(text('fnsku', s.fnsku), `${where}: fnsku`),
      quantity: Number(quantity),
    };
  });
}

/** Heading and unit labels for each shipment, in the result's order; `items` gives each msku's title and condition. */
export function shipmentRuns(
  shipments: readonly ShipmentUnits[],
  items: ReadonlyMap<string, { title: string; cond: string }>,
): LabelRun[] {
  return shipments.flatMap((s) => [
    {
      label: {
        kind: 'heading' as const,
        shipmentId: printable(s.shipmentId),
        center: printable(s.center),
        contents: printable(`${s.msku} x ${s.quantity}`),
      },
      copies: 1,
    },
    unitRun(s.fnsku, items.get(s.msku)!, s.quantity),
  ]);
}

/**
 * A whole shipment as `inv shipments show` reads it: its heading, then each msku's units; mskus without an fnsku are
 * left out and named.
 */
export function wholeShipmentUnits(detail: {
  shipmentId: string;
  center: string | null;
  items: ReadonlyArray<{ msku: string; fnsku: string | null; quantity: number }>;
}): { shipments: ShipmentUnits[]; unlabelled: string[] } {
  const labelled = detail.items.filter((line) => line.fnsku !== null && line.quantity > 0);
  return {
    shipments: labelled.map((line) => ({
      shipmentId: detail.shipmentId,
      center: detail.center ?? '?',
      msku: line.msku,
      fnsku: checkFnsku(line.fnsku!, `fnsku of "${line.msku}"`),
      quantity: line.quantity,
    })),
    unlabelled: detail.items.filter((line) => line.fnsku === null && line.quantity > 0).map((line) => line.msku),
  };
}

/** One heading for the shipment, then the units of each of its mskus. */
export function wholeShipmentRuns(
  shipments: readonly ShipmentUnits[],
  items: ReadonlyMap<string, { title: string; cond: string }>,
): LabelRun[] {
  if (shipments.length === 0) return [];
  const [first] = shipments;
  const units = shipments.reduce((n, s) => n + s.quantity, 0);
  const contents = shipments.length === 1 ? `${first!.msku} x ${units}` : `${shipments.length} items, ${units} units`;
  return [
    {
      label: {
        kind: 'heading',
        shipmentId: printable(first!.shipmentId),
        center: printable(first!.center),
        contents: printable(contents),
      },
      copies: 1,
    },
    ...shipments.map((s) => unitRun(s.fnsku, items.get(s.msku)!, s.quantity)),
  ];
}
