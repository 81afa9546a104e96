/** Rows of a move batch: CSV columns msku,quantity,from,to (or fromPurchaseId), or the same keys in NDJSON, read strictly. */
import { positiveQuantity, QUANTITY_RULE } from '../../api/quantity.js';
import { mskuProblem } from '../../api/msku.js';
import { UsageError } from '../../errors.js';
import { matchColumns } from '../../csv/csv-input.js';
import type { Position } from '../batch-types.js';
import type { Cell } from '../input/strict-json.js';

/** A location given by id (digits) or by display name. */
export type LocationRef = { id: string } | { name: string };

export interface MoveRow {
  line: number;
  msku: string;
  quantity: number;
  from?: LocationRef;
  fromPurchaseId?: string;
  to: LocationRef;
}

/**
 * What the journal keeps of a move: its item and quantity, the source (a location id, or the purchase) and the
 * destination's id; a row whose location names are unknown keeps them as given (and is failed without a request).
 */
export type MoveWhat = {
  msku: string;
  quantity: number;
  from?: string;
  fromPurchaseId?: string;
  to?: string;
};

const COLUMNS = new Set(['msku', 'quantity', 'from', 'to', 'fromPurchaseId', 'fromLocationId', 'toLocationId']);
const MAX_ID = 2n ** 53n - 1n;
/** A whole number written with thousands separators (1,000 / 1.000 / 1 000 / 1'000). */
const THOUSANDS = /^\d{1,3}([,.' \u00a0\u202f]\d{3})+$/;

/** Refuses a CSV header with unknown or missing columns, before any request. */
export function checkMoveColumns(header: string[]): string[] {
  const columns = matchColumns(header, COLUMNS);
  const unknown = columns.filter((c) => !COLUMNS.has(c));
  if (unknown.length > 0)
    throw new UsageError(
      `unknown column(s) ${unknown.map((c) => `"${c}"`).join(', ')}; move columns are msku, quantity, from (or fromPurchaseId), to`,
    );
  for (const needed of ['msku', 'quantity'])
    if (!columns.includes(needed)) throw new UsageError(`the header has no ${needed} column`);
  if (!columns.includes('to') && !columns.includes('toLocationId')) throw new UsageError('the header has no to column');
  return columns;
}

class Problem extends Error {}

/** A positive whole number up to 2^53−1, kept as the digits given. */
export function idOf(field: string, value: string): string {
  if (!/^\d+$/.test(value) || /^0/.test(value) || BigInt(value) > MAX_ID)
    throw new Problem(`${field}: "${value}" must be a positive whole number up to ${MAX_ID} (an id)`);
  return value;
}

/** A cell as text: strings as they are, JSON numbers as their digits; absent for null or missing. */
function text(field: string, cell: Cell | undefined): string | undefined {
  if (cell === undefined || cell === null) return undefined;
  if (typeof cell === 'string') return cell.trim() === '' ? undefined : cell.trim();
  if (typeof cell === 'object' && 'number' in cell && typeof cell.number === 'string') return cell.number;
  const wanted = field === 'msku' ? 'string' : 'number or a string';
  const got = Array.isArray(cell) ? 'an array' : typeof cell === 'boolean' ? 'true/false' : 'an object';
  throw new Problem(`${field}: must be a ${wanted}, not ${got}`);
}

function location(field: string, cell: Cell | undefined): LocationRef | undefined {
  const value = text(field, cell);
  if (value === undefined) return undefined;
  const isNumber = typeof cell === 'object' && cell !== null;
  return isNumber || /^\d+$/.test(value) ? { id: idOf(field, value) } : { name: value };
}

/** Whether two references surely name one location (same id, or same name but for case and spaces). */
export function sameRef(a: LocationRef, b: LocationRef): boolean {
  if ('id' in a && 'id' in b) return a.id === b.id;
  if ('name' in a && 'name' in b) return a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
  return false;
}

/** A checked move from one input record, or the problem with it ("field: rule"). */
export function parseMoveRow(line: number, record: Record<string, Cell>): { row: MoveRow } | { problem: string } {
  try {
    const unknown = Object.keys(record).filter((k) => !COLUMNS.has(k));
    if (unknown.length > 0)
      throw new Problem(`${unknown[0]}: is not a move field (fields: msku, quantity, from or fromPurchaseId, to)`);
    if (typeof record.msku === 'object' && record.msku !== null) throw new Problem('msku: must be a string');
    const msku = text('msku', record.msku) ?? '';
    const mskuIssue = mskuProblem(msku);
    if (mskuIssue) throw new Problem(`msku: ${mskuIssue}`);
    const quantity = text('quantity', record.quantity);
    const units = quantity === undefined ? undefined : positiveQuantity(quantity);
    if (units === undefined && quantity !== undefined && THOUSANDS.test(quantity)) {
      throw new Problem(
        `quantity: "${quantity}" holds a thousands separator; write the digits alone (${quantity.replace(/\D/g, '')})`,
      );
    }
    if (units === undefined) throw new Problem(`quantity: ${QUANTITY_RULE} (got ${JSON.stringify(quantity ?? null)})`);
    if (record.from !== undefined && record.fromLocationId !== undefined)
      throw new Problem('from: give from or fromLocationId, not both');
    if (record.to !== undefined && record.toLocationId !== undefined)
      throw new Problem('to: give to or toLocationId, not both');
    const from = location('from', record.from ?? record.fromLocationId);
    const purchase = text('fromPurchaseId', record.fromPurchaseId);
    if ((from === undefined) === (purchase === undefined))
      throw new Problem('from: give exactly one of from or fromPurchaseId');
    const to = location('to', record.to ?? record.toLocationId);
    if (!to) throw new Problem('to: is required');
    if (from && sameRef(from, to))
      throw new Problem(`to: is the same location as from (${'id' in to ? to.id : to.name}): a move needs two`);
    return {
      row: {
        line,
        msku,
        quantity: units,
        from,
        fromPurchaseId: purchase === undefined ? undefined : idOf('fromPurchaseId', purchase),
        to,
      },
    };
  } catch (error) {
    if (error instanceof Problem) return { problem: error.message };
    throw error;
  }
}

/**
 * The stock positions a move touches (its `what`, ids resolved): it takes from its source and fills its
 * destination; a receipt only fills.
 */
export function movePositions({ msku, quantity, from, to }: MoveWhat): Position[] {
  const fill: Position = { msku, at: to, role: 'fill', units: quantity };
  return from === undefined ? [fill] : [{ msku, at: from, role: 'take', units: quantity }, fill];
}
