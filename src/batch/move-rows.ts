/** Rows of a move batch: CSV columns msku,quantity,from,to (or fromPurchaseId), or the same keys in NDJSON. */
import { UsageError } from '../errors.js';

export interface MoveRow {
  line: number;
  msku: string;
  quantity: number;
  /** Source location, by id or name. */
  from?: string;
  fromPurchaseId?: string;
  /** Destination location, by id or name. */
  to: string;
}

const COLUMNS = new Set(['msku', 'quantity', 'from', 'to', 'fromPurchaseId', 'fromLocationId', 'toLocationId']);

/** Refuses a CSV header with unknown or missing columns, before any request. */
export function checkMoveColumns(columns: string[]): void {
  const unknown = columns.filter((c) => !COLUMNS.has(c));
  if (unknown.length > 0) throw new UsageError(`unknown column(s) ${unknown.map((c) => `"${c}"`).join(', ')}; move columns are msku, quantity, from (or fromPurchaseId), to`);
  for (const needed of ['msku', 'quantity']) if (!columns.includes(needed)) throw new UsageError(`the header has no ${needed} column`);
  if (!columns.includes('to') && !columns.includes('toLocationId')) throw new UsageError('the header has no to column');
}

const text = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v).trim());

/** A checked move from one input record, or the problem with it ("field: rule"). */
export function parseMoveRow(line: number, record: Record<string, unknown>): { row: MoveRow } | { problem: string } {
  const msku = text(record.msku);
  if (!msku) return { problem: 'msku: is required' };
  if (msku.length > 80) return { problem: 'msku: must be at most 80 characters' };
  const quantity = text(record.quantity);
  if (!quantity || !/^\d{1,9}$/.test(quantity) || Number(quantity) < 1) return { problem: `quantity: must be a positive whole number (got ${JSON.stringify(record.quantity ?? null)})` };
  const from = text(record.from ?? record.fromLocationId);
  const fromPurchaseId = text(record.fromPurchaseId);
  if ((from === undefined) === (fromPurchaseId === undefined)) return { problem: 'from: give exactly one of from or fromPurchaseId' };
  if (fromPurchaseId !== undefined && !/^\d+$/.test(fromPurchaseId)) return { problem: 'fromPurchaseId: must be a purchase id (digits)' };
  const to = text(record.to ?? record.toLocationId);
  if (!to) return { problem: 'to: is required' };
  return { row: { line, msku, quantity: Number(quantity), from, fromPurchaseId, to } };
}
