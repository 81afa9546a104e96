/** The rows a run reports as not done (failed, in doubt, would fail): the first thousand kept, the rest only counted. */
import type { RowResult } from '../batch-types.js';

/** Rows kept for the table and the summary: a million failing rows must not be held, nor printed in one JSON. */
export const PROBLEMS_KEPT = 1000;

export class ProblemRows {
  readonly rows: RowResult[] = [];
  /** Rows not kept. */
  more = 0;

  /** Keeps the row, or counts it once PROBLEMS_KEPT are kept. */
  add(row: RowResult): void {
    if (this.rows.length < PROBLEMS_KEPT) this.rows.push(row);
    else this.more++;
  }
}
