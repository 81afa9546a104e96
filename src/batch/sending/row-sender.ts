/**
 * Pass two, row by row: what the run does with each row (skip it, hold it in doubt, fail it without a request,
 * or mark it sent and send it) and the state the run keeps while it sends: units moved, the rows to report, and
 * what stops it.
 */
import type { BatchEnv, BatchRequest, RowResult } from '../batch-types.js';
import type { IdentifiedRow } from '../identity/identified.js';
import type { BatchFile, RowEntry } from '../journal/journal-read.js';
import type { Prepared } from '../prepare.js';
import { ProblemRows } from '../views/problem-rows.js';
import type { Progress } from '../views/progress.js';
import { markOf, sentMark, type ResultState } from '../journal/row-states.js';
import type { RunJournal } from './run-start.js';
import { verdictOf } from './stop-rule.js';

/** A row of the input as the pool hands it over: `sends` is its id when this run sends it. */
export type SendItem<Row> = IdentifiedRow<Row> & { sends?: string };

/** The rows of one run, sent through the pool (one call of `row` each, several at a time). */
export class RowSender<Row> {
  /** Rows neither done nor skipped, in the order they finished (the table after the run). */
  readonly problems = new ProblemRows();
  /** Units moved by the rows done (the kind counts them). */
  units = 0;
  /** What ends the run with an error: a row that stopped the batch, or a journal write that failed. */
  stop: unknown;
  /** Set once a row stopped the batch: a row whose "sent" mark lands after that is not sent. */
  private halted = false;

  constructor(
    private readonly prepared: Prepared<Row>,
    private readonly request: BatchRequest,
    private readonly env: BatchEnv,
    private readonly journal: RunJournal,
    /** The journal as read under the lock: each row's state before this run. */
    private readonly current: BatchFile,
    private readonly progress: Progress,
  ) {}

  /** The row's id when this run sends it; undefined for a row done, held in doubt, or failing without a request. */
  sends(item: IdentifiedRow<Row>): string | undefined {
    if (!item.id || item.problem || item.ident?.unresolved) return undefined;
    return this.heldBack(item.id) ? undefined : item.id;
  }

  /** An earlier run's record of a row this run does not send: done, or in doubt without --retry-in-doubt. */
  private heldBack(id: string): RowEntry | undefined {
    const entry = this.current.rows.get(id);
    const held = entry?.state === 'done' || (entry?.state === 'in-doubt' && !this.request.retryInDoubt);
    return held ? entry : undefined;
  }

  /** Accounts for one row: sent once its "sent" mark is on disk; throws when the batch must stop. */
  async row(item: SendItem<Row>): Promise<void> {
    const entry = this.heldBack(item.id!);
    if (entry?.state === 'done') return this.report(item, 'skipped', 'done in an earlier run');
    if (entry) return this.heldInDoubt(item, entry);
    const ident = item.ident!;
    if (ident.unresolved) {
      await this.journal.mark(
        item.id!,
        markOf('failed', { line: item.line, what: ident.what, error: ident.unresolved }),
      );
      return this.report(item, 'failed', ident.unresolved);
    }
    await this.journal.mark(item.id!, sentMark(item.line, ident.what));
    if (this.halted) {
      // Another row stopped the batch while this one's mark was being written: it is not sent.
      await this.journal.mark(item.id!, markOf('pending', { error: 'the batch stopped before it was sent' }));
      return this.report(item, 'pending', 'not sent: the batch stopped');
    }
    let answer: unknown;
    try {
      answer = await this.prepared.kind.send(item.row!, ident);
    } catch (error) {
      return this.refused(item, error);
    }
    this.units += this.prepared.kind.units?.(item.row!) ?? 0;
    // Not waited for: lost in a crash, the row reads as in doubt (never as unsent), and a failed write
    // breaks the journal, so the next row's "sent" mark fails and the batch stops.
    this.journal.mark(item.id!, markOf('done')).catch((error: unknown) => (this.stop ??= error));
    await this.report(item, 'done', undefined, this.prepared.kind.resultFields?.(answer));
  }

  /** A row sent in an earlier run without a sure answer, not to be sent again unless asked. */
  private async heldInDoubt(item: SendItem<Row>, entry: RowEntry): Promise<void> {
    // A row known only from the server's anchor gets its line and move, for `batch show` and `resolve`.
    if (!entry.what)
      await this.journal.mark(
        item.id!,
        markOf('in-doubt', { line: item.line, what: item.ident!.what, error: entry.error }),
      );
    const resolve = `inv batch resolve "${this.prepared.name}" --row ${item.id!} --applied|--not-applied`;
    const why = `sent in an earlier run without a sure answer: check it, then \`${resolve}\``;
    return this.report(item, 'in-doubt', why, { row: item.id });
  }

  /** A request that failed: the stop rule says what it means for the row, and whether the batch stops. */
  private async refused(item: SendItem<Row>, error: unknown): Promise<void> {
    const verdict = verdictOf(error);
    if (verdict.state === 'done') {
      this.units += this.prepared.kind.units?.(item.row!) ?? 0;
      await this.env.warn(`line ${item.line}: ${verdict.message}`);
    }
    let markError: unknown;
    await this.journal
      .mark(item.id!, markOf(verdict.state, { error: verdict.message }))
      .catch((e: unknown) => (markError = e));
    const why = verdict.state === 'done' ? undefined : verdict.message;
    await this.report(item, verdict.state, why, verdict.state === 'in-doubt' ? { row: item.id } : {});
    if (verdict.stop ?? markError) {
      this.halted = true;
      throw verdict.stop ?? markError;
    }
  }

  /** Counts the row, keeps it for the table when it is not done, and hands it to the caller. */
  private async report(item: SendItem<Row>, status: ResultState, error?: string, extra: Record<string, unknown> = {}) {
    const msku = typeof item.ident?.what.msku === 'string' ? item.ident.what.msku : null;
    const result: RowResult = { line: item.line, msku, status, ...(error ? { error } : {}), ...extra };
    if (status !== 'pending' && status !== 'would-succeed' && status !== 'would-fail') this.progress.tick(status);
    if (status !== 'done' && status !== 'skipped') this.problems.add(result);
    await this.env.onResult(result);
  }

  /** The rows by state so far; rows not accounted for are pending. */
  tally() {
    const { done, failed, inDoubt, skipped } = this.progress.counts;
    return { done, failed, inDoubt, skipped, pending: this.prepared.total - done - failed - inDoubt - skipped };
  }
}
