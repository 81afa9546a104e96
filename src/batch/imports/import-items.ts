/**
 * The item import batch: each row checked by the item rules and identified by what it writes. A new msku is
 * created whole; an existing one is read, and only the fields the row names that differ are written (once);
 * `--replace` upserts whole items with POST /v1/items.
 */
import type { InventoryClient } from '../../api/inventory.js';
import { CLEARABLE_ITEM_FIELDS, WRITTEN_ITEM_FIELDS } from '../../api/item-field-uses.js';
import { mskuProblem } from '../../api/msku.js';
import { check, itemPatchSchema, itemSchema } from '../../api/rules.js';
import { UsageError } from '../../errors.js';
import { runJournaledBatch } from '../batch-run.js';
import type { BatchKind, BatchOutcome, BatchRequest, BatchRunEnv, RowResult } from '../batch-types.js';
import { dryRunImport } from './import-dry-run.js';
import { fieldsOf, itemFromRow, planRow, type ItemRow } from './import-plan.js';
import { matchColumns } from '../../csv/csv-input.js';
import type { Cell } from '../input/strict-json.js';

const COLUMNS: ReadonlySet<string> = new Set(WRITTEN_ITEM_FIELDS);

/** Refuses CSV headers with columns that are not item fields (attr.NAME columns become attributes). */
export function checkItemColumns(header: string[]): string[] {
  const columns = matchColumns(header, COLUMNS).map((c) => c.replace(/^attr\./i, 'attr.'));
  const unknown = columns.filter((c) => !COLUMNS.has(c) && !/^attr\.\S+$/.test(c));
  if (unknown.length > 0) {
    const named = unknown.map((c) => `"${c}"`).join(', ');
    throw new UsageError(
      `unknown column(s) ${named}; item columns are ${[...COLUMNS].join(', ')}, and attr.NAME for attributes`,
    );
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

/** Item imports: a row is the item it writes (merged into an existing one unless `replace`). */
export function importKind(client: InventoryClient, replace = false): BatchKind<ItemRow, { msku: string }> {
  // The CSV reader leaves empty cells out: the header says which columns a row has, empty or not.
  let header: string[] = [];
  return {
    kind: 'import',
    depth: 3,
    columns(columns) {
      header = checkItemColumns(columns);
      return header;
    },
    parse(_line, record) {
      const fields = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, plain(v)]));
      if (!replace) for (const column of header) fields[column] ??= '';
      if (typeof fields.msku === 'string') {
        const problem = mskuProblem(fields.msku.trim());
        if (problem) return { problem: `msku: ${problem}` };
      }
      if (replace) {
        const checked = check(itemSchema, itemFromRow(fields));
        return checked.ok
          ? { row: { item: checked.data as Record<string, unknown>, attrs: [], replace } }
          : { problem: checked.problem };
      }
      const { given, attrs } = fieldsOf(fields);
      for (const field of CLEARABLE_ITEM_FIELDS) if (given[field] === '') given[field] = null;
      const checked = check(itemPatchSchema.required({ msku: true }), given);
      return checked.ok
        ? { row: { item: checked.data as Record<string, unknown>, attrs, replace } }
        : { problem: checked.problem };
    },
    async identify(row) {
      const { item } = row;
      return {
        // Everything the row sends, nested attributes included (identified.ts writes the key in one spelling).
        key: [row.replace ? 'replace' : 'merge', item, row.attrs],
        what: { msku: String(item.msku) },
      };
    },
    // A row reads the item, then writes what differs: rows on one msku go one after the other.
    positions: (row) => [{ msku: String(row.item.msku), role: 'write' }],
    async send(row) {
      if (row.replace) return { change: 'replaced', item: await client.upsertItem(row.item) };
      const plan = await planRow(client, row);
      if (plan.change === 'unchanged') return { change: 'unchanged' };
      if (plan.change === 'new') return { change: 'created', item: await client.upsertItem(plan.write) };
      return {
        change: 'updated',
        fields: plan.fields,
        item: await client.patchItem(row.item.msku as string, plan.write),
      };
    },
    resultFields: (answer) => {
      const { change, fields } = answer as { change: string; fields?: string[] };
      return { change, ...(fields ? { fields } : {}) };
    },
  };
}

/** Runs an item import (or its dry run) as a journaled batch; the summary counts created, updated and unchanged items. */
export async function runItemImport(
  request: BatchRequest & { replace?: boolean; dryRun?: boolean },
  env: BatchRunEnv,
): Promise<BatchOutcome> {
  const tally: Record<string, number> = { created: 0, updated: 0, unchanged: 0, replaced: 0 };
  const counted: BatchRunEnv = {
    ...env,
    onResult: (result: RowResult) => {
      if (typeof result.change === 'string' && result.change in tally) tally[result.change]!++;
      return env.onResult(result);
    },
  };
  const outcome = await runJournaledBatch(request, counted, {
    kind: (client) => importKind(client, request.replace),
    label: 'importing items',
    dryRun: request.dryRun
      ? (prepared, full, rows, client) => dryRunImport(prepared, request, full, rows, client)
      : undefined,
  });
  if (request.dryRun) return outcome;
  const counts = request.replace
    ? { replaced: tally.replaced }
    : { created: tally.created, updated: tally.updated, unchanged: tally.unchanged };
  const words = Object.entries(counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  return { ...outcome, summary: { ...outcome.summary, ...counts }, line: `${outcome.line} (${words})` };
}
