/** The item import batch: each row checked by the item rules, identified by the item it writes, upserted with POST /v1/items. */
import type { InventoryClient } from '../api/inventory.js';
import { ITEM_DEFAULTS } from '../api/constants.js';
import { check, itemSchema } from '../api/rules.js';
import { UsageError } from '../errors.js';
import type { BatchKind, BatchOutcome, BatchRequest, BatchRunEnv } from './batch-types.js';
import { matchColumns } from './input.js';
import { mskuProblem } from './move-rows.js';
import type { Cell } from './strict-json.js';

const COLUMNS = new Set(['msku', 'inactive', 'productId', 'productIdType', 'title', 'manufacturer', 'image', 'type', 'cond', 'notes', 'value', 'rank', 'attributes']);

/** Refuses CSV headers with columns that are not item fields (attr.NAME columns become attributes). */
export function checkItemColumns(header: string[]): string[] {
  const columns = matchColumns(header, COLUMNS).map((c) => c.replace(/^attr\./i, 'attr.'));
  const unknown = columns.filter((c) => !COLUMNS.has(c) && !/^attr\.\S+$/.test(c));
  if (unknown.length > 0) {
    throw new UsageError(`unknown column(s) ${unknown.map((c) => `"${c}"`).join(', ')}; item columns are ${[...COLUMNS].join(', ')}, and attr.NAME for attributes`);
  }
  if (!columns.includes('msku')) throw new UsageError('the header has no msku column');
  return columns;
}

/** A cell as plain JSON: numbers (kept as text while reading) become numbers again. */
function plain(cell: Cell): unknown {
  if (cell === null || typeof cell !== 'object') return cell;
  if (Array.isArray(cell)) return cell.map(plain);
  if ('number' in cell && typeof cell.number === 'string' && Object.keys(cell).length === 1) return Number(cell.number);
  return Object.fromEntries(Object.entries(cell).map(([k, v]) => [k, plain(v)]));
}

/** An item body from one input row: attr.NAME columns and a JSON `attributes` cell become attributes; ITEM_DEFAULTS fill what it leaves out. */
export function itemFromRow(record: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = { ...ITEM_DEFAULTS };
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
  // A malformed `attributes` cell is left as it is, for the rules to name it.
  if (attributes.length > 0 && (item.attributes === undefined || Array.isArray(item.attributes))) item.attributes = [...((item.attributes as unknown[]) ?? []), ...attributes];
  return item;
}

type ItemRow = Record<string, unknown>;

/** Item imports: a row is the item it writes. */
export function importKind(client: InventoryClient): BatchKind<ItemRow> {
  return {
    kind: 'import',
    depth: 3,
    columns: checkItemColumns,
    parse(_line, record) {
      const item = itemFromRow(Object.fromEntries(Object.entries(record).map(([k, v]) => [k, plain(v)])));
      if (typeof item.msku === 'string') {
        const problem = mskuProblem(item.msku.trim());
        if (problem) return { problem };
      }
      const checked = check(itemSchema, item);
      return checked.ok ? { row: checked.data as ItemRow } : { problem: checked.problem };
    },
    async identify(row) {
      return { key: [JSON.stringify(row, Object.keys(row).sort())], what: { msku: row.msku } };
    },
    send: (row) => client.upsertItem(row),
  };
}

/** Runs an item import as a journaled batch. */
export async function runItemImport(request: BatchRequest, env: BatchRunEnv): Promise<BatchOutcome> {
  const { runJournaledBatch } = await import('./run.js');
  return runJournaledBatch(request, env, { kind: importKind, label: 'importing items' });
}
