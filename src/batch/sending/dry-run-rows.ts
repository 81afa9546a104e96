/** What the dry runs of every batch kind share: the rows the journal settles, the counts, and the error they end with. */
import { BatchIncompleteError } from '../../errors.js';
import type { RowResult } from '../batch-types.js';
import type { Prepared } from '../prepare.js';
import { COUNT_KEY, type CountKey, type ResultState } from '../journal/row-states.js';

/** A dry run's result for a row the journal settles (done earlier, or in doubt and not to be sent again); undefined: check it. */
export function settledRow<Row>(
  prepared: Prepared<Row>,
  retryInDoubt: boolean,
  item: { line: number; id?: string },
  msku: string,
): RowResult | undefined {
  if (item.id === undefined) return undefined;
  const state = prepared.stateOf(item.id);
  if (state === 'done') return { line: item.line, msku, status: 'skipped', error: 'done in an earlier run' };
  if (state === 'in-doubt' && !retryInDoubt) {
    const error = 'sent in an earlier run without a sure answer: not sent again';
    return { line: item.line, msku, status: 'in-doubt', error };
  }
  return undefined;
}

/** Whether a dry run needs the rows' ids: only to find them in a journal, or among the rows the anchor recovered. */
export function needsIds<Row>(prepared: Prepared<Row>): boolean {
  return prepared.journal.rows.size > 0 || prepared.recovered.rows.size > 0;
}

/** Rows by the key their state is counted under, all at 0. */
export function noCounts(): Record<CountKey, number> {
  return Object.fromEntries(Object.values(COUNT_KEY).map((key) => [key, 0])) as Record<CountKey, number>;
}

/** Whether a dry run lists the row after the run: it would fail, or it is in doubt. */
export function isProblem(status: ResultState): boolean {
  return status === 'would-fail' || status === 'in-doubt';
}

/** Seconds since `started` (a `performance.now()`), to the hundredth. */
export function secondsSince(started: number): number {
  return Number(((performance.now() - started) / 1000).toFixed(2));
}

/** The error a dry run ends with when rows would fail or are in doubt (none when every row would go through). */
export function dryRunError(total: number, wouldFail: number, inDoubt: number): BatchIncompleteError | undefined {
  if (wouldFail + inDoubt === 0) return undefined;
  return new BatchIncompleteError(
    `${wouldFail} of ${total} rows would fail and ${inDoubt} are in doubt`,
    'fix the rows listed, then run without --dry-run',
  );
}
