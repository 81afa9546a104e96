/**
 * The checks before anything is written: every unit of the shipment packed exactly once (fewer with
 * --partial, never more), only the shipment's mskus, boxes numbered 1..N each with a size row,
 * weight and sides within the carrier's limits.
 */
import { UsageError } from '../errors.js';
import type { BoxRow, ContentRow } from './read.js';
import { boxIdOf, type Box, type BoxItem, type Packing, type ShipmentFacts } from './packing-types.js';

/** Above this a carton is marked "team lift"; above MAX_LB it is refused. */
export const TEAM_LIFT_LB = 50;
export const MAX_LB = 100;
/** No side over this without --oversize. */
export const MAX_SIDE_IN = 25;
const KG_TO_LB = 2.2046226218;
const CM_TO_IN = 1 / 2.54;

export interface PackOptions {
  partial?: boolean;
  oversize?: boolean;
  units?: 'imperial' | 'metric';
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Weights and sides are printed to two decimals: a value that rounds below this would print as 0. */
const PRINTED_STEP = 0.01;

/** A packing of `facts` from the rows of the two files; throws a UsageError naming the box, row and msku at the first fault. */
export function checkPacking(
  facts: ShipmentFacts,
  contents: readonly ContentRow[],
  boxes: readonly BoxRow[],
  options: PackOptions = {},
): Packing {
  const byMsku = new Map(facts.lines.map((l) => [l.msku, l]));
  const byFnsku = new Map(facts.lines.map((l) => [l.fnsku, l]));
  const packed = new Map<string, number>();
  const items = new Map<number, BoxItem[]>();
  for (const row of contents) {
    const line = row.msku !== undefined ? byMsku.get(row.msku) : byFnsku.get(row.fnsku!);
    const named = row.msku !== undefined ? `msku "${row.msku}"` : `fnsku "${row.fnsku!}"`;
    if (!line)
      throw new UsageError(`--file row ${row.row}: box ${row.box}: ${named} is not in shipment ${facts.shipmentId}`);
    if (row.msku !== undefined && row.fnsku !== undefined && row.fnsku !== line.fnsku)
      throw new UsageError(
        `--file row ${row.row}: box ${row.box}: fnsku ${row.fnsku} is not the fnsku of ${row.msku} (${line.fnsku})`,
      );
    const total = (packed.get(line.msku) ?? 0) + row.quantity;
    if (total > line.quantity) {
      throw new UsageError(
        `--file row ${row.row}: box ${row.box}: ${line.msku} packed ${total} times, more than the shipment holds (${line.quantity})`,
      );
    }
    packed.set(line.msku, total);
    const list = items.get(row.box) ?? [];
    const same = list.find((i) => i.msku === line.msku && i.exp === row.exp);
    if (same) same.quantity += row.quantity;
    else
      list.push({ msku: line.msku, fnsku: line.fnsku, quantity: row.quantity, ...(row.exp ? { exp: row.exp } : {}) });
    items.set(row.box, list);
  }
  const unpacked = facts.lines
    .filter((l) => (packed.get(l.msku) ?? 0) < l.quantity)
    .map((l) => ({ msku: l.msku, quantity: l.quantity - (packed.get(l.msku) ?? 0) }));
  if (unpacked.length > 0 && !options.partial) {
    const { msku, quantity } = unpacked[0]!;
    const unit = quantity === 1 ? 'unit' : 'units';
    throw new UsageError(
      `${msku}: ${quantity} ${unit} not packed (${packed.get(msku) ?? 0} of ${byMsku.get(msku)!.quantity}); ` +
        `every unit of ${facts.shipmentId} goes in a box, or pass --partial`,
    );
  }
  const sizes = new Map(boxes.map((b) => [b.box, b]));
  const count = Math.max(0, ...items.keys(), ...sizes.keys());
  const out: Box[] = [];
  for (let n = 1; n <= count; n++) {
    const size = sizes.get(n);
    const held = items.get(n);
    if (!held && !size)
      throw new UsageError(`boxes are numbered 1 to ${count}: box ${n} is missing from both --file and --boxes`);
    if (!held) throw new UsageError(`--boxes row ${size!.row}: box ${n} holds nothing in --file`);
    if (!size)
      throw new UsageError(`box ${n} (${held[0]!.msku}) has no weight and size: add a row for box ${n} to --boxes`);
    out.push(carton(facts.shipmentId, n, held, size, options));
  }
  return { shipmentId: facts.shipmentId, center: facts.center, shipTo: facts.shipTo, boxes: out, unpacked };
}

/** A box's weight in lb and sides in inches, from the units they were given in. */
export function imperial(
  size: { weight: number; length: number; width: number; height: number },
  units: PackOptions['units'],
): { lb: number; sides: [number, number, number] } {
  const metric = units === 'metric';
  const sides = [size.length, size.width, size.height].map((s) => round2(metric ? s * CM_TO_IN : s)) as [
    number,
    number,
    number,
  ];
  return { lb: round2(metric ? size.weight * KG_TO_LB : size.weight), sides };
}

/** Why a box of this weight and these sides is refused, or undefined when it is not. */
export function sizeFault(lb: number, sides: readonly number[], options: PackOptions): string | undefined {
  if (lb < PRINTED_STEP)
    return `weighs under ${PRINTED_STEP} lb: the label and the pack list print weights to ${PRINTED_STEP} lb`;
  if (Math.min(...sides) < PRINTED_STEP)
    return `has a side under ${PRINTED_STEP} in: the pack list prints sides to ${PRINTED_STEP} in`;
  if (lb > MAX_LB)
    return `weighs ${lb} lb: a carton may weigh at most ${MAX_LB} lb (over ${TEAM_LIFT_LB} lb it is marked team lift)`;
  const side = Math.max(...sides);
  if (side > MAX_SIDE_IN && !options.oversize)
    return `has a side of ${side} in: no side may be over ${MAX_SIDE_IN} in unless --oversize (a single oversize item)`;
  return undefined;
}

/** One box with its weight and sides in lb and inches, checked against the limits. */
function carton(shipmentId: string, n: number, items: BoxItem[], size: BoxRow, options: PackOptions): Box {
  const { lb, sides } = imperial(size, options.units);
  const fault = sizeFault(lb, sides, options);
  if (fault)
    throw new UsageError(`--boxes row ${size.row}: box ${n} (${items.map((i) => i.msku).join(', ')}) ${fault}`);
  const [l, w, h] = sides;
  return {
    box: n,
    boxId: boxIdOf(shipmentId, n),
    items,
    weightLb: lb,
    lengthIn: l,
    widthIn: w,
    heightIn: h,
    teamLift: lb > TEAM_LIFT_LB,
  };
}
