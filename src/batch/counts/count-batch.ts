/**
 * The count batch: one row per changed position (msku, its itemLocation, the quantity the count started from, the
 * quantity counted), each set once with the engine's guarantees, and the function that runs it.
 */
import type { InventoryClient } from '../../api/inventory.js';
import { ConflictError, UsageError } from '../../errors.js';
import { runJournaledBatch } from '../batch-run.js';
import type { BatchKind, BatchOutcome, BatchRunEnv, Identified } from '../batch-types.js';
import type { Cell } from '../input/strict-json.js';
import type { CountDifference } from '../../count/count-plan.js';
import { withRowsFile } from '../input/rows-file.js';

export interface CountRow {
  msku: string;
  itemLocationId?: string;
  location: string;
  before: number;
  after: number;
}

export type CountWhat = { msku: string; itemLocationId?: string; location: string; before: number; after: number };

const COLUMNS = ['msku', 'itemLocationId', 'location', 'before', 'after'];

/** A row as the count wrote it (text fields; numbers as digits). */
function parseCountRow(line: number, record: Record<string, Cell>): { row: CountRow } | { problem: string } {
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  const [msku, location, before, after] = [text('msku'), text('location'), text('before'), text('after')];
  if (!msku || !location || !/^\d+$/.test(before ?? '') || !/^\d+$/.test(after ?? ''))
    return { problem: `line ${line}: a count row needs msku, location, before and after` };
  return {
    row: { msku, itemLocationId: text('itemLocationId'), location, before: Number(before), after: Number(after) },
  };
}

/**
 * Counts: a row is identified by its position and both quantities; it is sent only while the position still holds
 * what the count started from (or already holds the count: a resend finds it set), else it fails (ConflictError).
 */
export function countKind(client: InventoryClient): BatchKind<CountRow, CountWhat> {
  return {
    kind: 'count',
    depth: 1,
    columns(header) {
      const unknown = header.filter((c) => !COLUMNS.includes(c));
      if (unknown.length > 0) throw new UsageError(`unknown count column(s) ${unknown.join(', ')}`);
    },
    parse: parseCountRow,
    async identify(row): Promise<Identified<CountWhat>> {
      const what = { ...row };
      return {
        key: [row.msku, row.location, row.before, row.after],
        what,
        unresolved: row.itemLocationId
          ? undefined
          : `no stock record of ${row.msku} in location ${row.location}: a count cannot set it; receive the ` +
            `${row.after} unit(s) with \`inv move ${row.msku} ${row.after} --from-purchase ID --to ${row.location}\``,
      };
    },
    positions: (row) => [{ msku: row.msku, at: row.location, role: 'write' }],
    async send(row) {
      const now = Number((await client.itemLocation(row.itemLocationId!)).quantity);
      if (now === row.after) return client.itemLocation(row.itemLocationId!);
      if (now !== row.before)
        throw new ConflictError(
          `${row.msku} in location ${row.location} is now ${now}, not the ${row.before} the count started from: not set; count again`,
        );
      return client.adjustStock(row.itemLocationId!, row.after - row.before);
    },
    describe: async (what) =>
      `msku ${String(what.msku)} in location ${String(what.location)}: ${String(what.before)} → ${String(what.after)}`,
    units: (row) => Math.abs(row.after - row.before),
    resultFields: (answer) => (answer && typeof answer === 'object' ? { itemLocation: answer } : {}),
  };
}

/**
 * Sets a count's differences as a batch named after the location and the count's start: each count is its own batch
 * (the same differences may recur), and a count run again after a stop sends nothing twice, as each row checks its
 * position before it is sent.
 */
export async function runCountBatch(
  location: { id: string; display: string },
  startedAt: string,
  diffs: readonly CountDifference[],
  env: BatchRunEnv,
): Promise<BatchOutcome> {
  const rows = diffs.map((d) => ({
    msku: d.msku,
    ...(d.itemLocationId ? { itemLocationId: d.itemLocationId } : {}),
    location: location.id,
    before: String(d.before),
    after: String(d.counted),
  }));
  return withRowsFile(env.stateDir, rows, (file) =>
    runJournaledBatch(
      {
        file,
        format: 'ndjson',
        name: `count of ${location.display} (${location.id}) at ${startedAt}`,
        retryInDoubt: false,
        concurrency: 1,
      },
      env,
      { kind: countKind, label: 'setting' },
    ),
  );
}
