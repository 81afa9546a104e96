/** Bulk upsert of items from CSV or NDJSON rows: each row checked, then POST /v1/items, a few at a time. */
import { InDoubtError, InvError, UsageError } from '../errors.js';
import type { InventoryClient } from '../api/inventory.js';
import { check, itemSchema } from '../api/rules.js';
import type { InputRow } from './input.js';
import { runPool } from './pool.js';

export type RowStatus = 'ok' | 'invalid' | 'failed' | 'in-doubt';

export interface RowResult {
  line: number;
  msku: string | null;
  status: RowStatus;
  error?: string;
}

const COLUMNS = new Set(['msku', 'inactive', 'productId', 'productIdType', 'title', 'manufacturer', 'image', 'type', 'cond', 'notes', 'value', 'rank', 'attributes']);

/** Refuses CSV headers with columns that are not item fields (attr.NAME columns become attributes). */
export function checkItemColumns(columns: string[]): void {
  const unknown = columns.filter((c) => !COLUMNS.has(c) && !/^attr\.\S+$/.test(c));
  if (unknown.length > 0) {
    throw new UsageError(`unknown column(s) ${unknown.map((c) => `"${c}"`).join(', ')}; item columns are ${[...COLUMNS].join(', ')}, and attr.NAME for attributes`);
  }
  if (!columns.includes('msku')) throw new UsageError('the header has no msku column');
}

/** An item body from one input row: attr.NAME columns and a JSON `attributes` cell become attributes; inactive defaults to n. */
export function itemFromRow(record: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = { inactive: 'n' };
  const attributes: Array<{ name: string; value: unknown }> = [];
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith('attr.')) attributes.push({ name: key.slice(5), value });
    else if (key === 'attributes' && typeof value === 'string') {
      try {
        item.attributes = JSON.parse(value);
      } catch {
        item.attributes = value; // the rules will name the field
      }
    } else item[key] = value;
  }
  if (attributes.length > 0) item.attributes = [...((item.attributes as unknown[]) ?? []), ...attributes];
  return item;
}

export interface ImportOptions {
  rows: AsyncIterable<InputRow>;
  client: InventoryClient;
  concurrency: number;
  signal?: AbortSignal;
  onResult(result: RowResult): void | Promise<void>;
}

/** Imports every row; resolves once all started rows are done (early when the signal aborts). */
export function importItems(options: ImportOptions): Promise<{ stopped: boolean }> {
  const work = async (row: InputRow) => {
    const msku = typeof row.record?.msku === 'string' ? row.record.msku : null;
    if (row.error || !row.record) return options.onResult({ line: row.line, msku, status: 'invalid', error: row.error });
    const checked = check(itemSchema, itemFromRow(row.record));
    if (!checked.ok) return options.onResult({ line: row.line, msku, status: 'invalid', error: checked.problem });
    try {
      await options.client.upsertItem(checked.data);
      await options.onResult({ line: row.line, msku, status: 'ok' });
    } catch (error) {
      if (error instanceof InDoubtError) return options.onResult({ line: row.line, msku, status: 'in-doubt', error: error.message });
      if (error instanceof InvError && !(error.exitCode === 4 || error.exitCode === 130)) {
        return options.onResult({ line: row.line, msku, status: 'failed', error: error.message });
      }
      throw error; // credentials or Ctrl-C: stop the whole import
    }
  };
  return runPool(options.rows, work, { concurrency: options.concurrency, signal: options.signal });
}
