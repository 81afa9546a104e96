/**
 * Naming the edits that cut an applied row out of an input: each applied row the input no longer
 * holds, beside the line of the input that replaced it (the new row most like it), with its locations
 * named, so that two identical lines never send a person to the wrong one.
 */
import type { BatchKind, Rows } from '../batch-types.js';
import type { BatchFile } from '../journal/journal-read.js';
import { identified } from './identified.js';
import { checkStopped } from '../input/input-scan.js';

type What = Record<string, unknown>;

/** How alike two rows are: the same item and places first, then the same item. */
function likeness(a: What, b: What): number {
  if (a.msku !== b.msku) return 0;
  const places = (w: What) => JSON.stringify([w.from ?? null, w.fromPurchaseId ?? null, w.to ?? null]);
  return places(a) === places(b) ? 2 : 1;
}

/** One line per applied row that `missing` names (up to `max`): the new line that replaced it, or that it is gone. */
export async function describeEdits<Row>(
  kind: BatchKind<Row>,
  rows: Rows,
  journal: BatchFile,
  missing: string[],
  max: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const fresh: Array<{ line: number; what: What }> = [];
  let seen = 0;
  for await (const row of identified(kind, rows())) {
    checkStopped(signal, ++seen);
    if (row.id && !journal.rows.has(row.id) && fresh.length < 10_000)
      fresh.push({ line: row.line, what: row.ident!.what });
  }
  const text = async (what: What | undefined) =>
    what
      ? kind.describe
        ? await kind.describe(what)
        : Object.entries(what)
            .map(([k, v]) => `${k} ${String(v)}`)
            .join(', ')
      : 'a row not in this journal';
  const listed: string[] = [];
  for (const id of missing.slice(0, max)) {
    const entry = journal.rows.get(id);
    const what = entry?.what;
    const state = entry?.state === 'done' ? 'applied' : 'maybe applied (in doubt)';
    const best = what
      ? fresh
          .map((f, i) => ({ i, score: likeness(f.what, what) }))
          .filter((f) => f.score > 0)
          .sort((a, b) => b.score - a.score)[0]
      : undefined;
    if (best) {
      const [replacement] = fresh.splice(best.i, 1);
      listed.push(
        `line ${replacement!.line} (${await text(replacement!.what)}) no longer matches the row ${state} before (${await text(what)})`,
      );
    } else listed.push(`the row ${state} before (${await text(what)}) is gone from the input`);
  }
  return listed;
}
