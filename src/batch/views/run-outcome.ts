/** What a finished (or stopped) run reports: the summary a script reads, the line a person reads, and the error to exit with. */
import { BatchIncompleteError, InterruptedError, InvError } from '../../errors.js';
import type { BatchOutcome } from '../batch-types.js';
import type { ProblemRows } from './problem-rows.js';
import type { Prepared } from '../prepare.js';

/** How pass two ended: the rows by state, and what stopped it early. */
export interface RunEnd {
  tally: { done: number; failed: number; inDoubt: number; skipped: number; pending: number };
  problems: ProblemRows;
  seconds: number;
  /** The error that ended the run (a row that stopped the batch, a journal write that failed). */
  stop: unknown;
  /** Interrupted (Ctrl-C): no new row was started. */
  stopped: boolean;
}

/** The outcome of pass two; throws the error that ended it when that error is not one of ours (a bug, not a row's state). */
export function outcomeOf<Row>(prepared: Prepared<Row>, end: RunEnd): BatchOutcome {
  const { name, path } = prepared;
  const { done, failed, inDoubt, skipped, pending } = end.tally;
  const interrupted = end.stopped || end.stop !== undefined;
  const summary = {
    outcome: interrupted ? 'stopped' : prepared.continues ? 'continued' : 'ran',
    batch: name,
    id: prepared.id,
    generation: prepared.gen,
    ...(prepared.continues ? { continues: continuesOf(prepared) } : {}),
    rows: prepared.total,
    done,
    failed,
    inDoubt,
    skipped,
    pending,
    stopped: interrupted,
    seconds: Number(end.seconds.toFixed(2)),
    journal: path,
    ...(end.problems.more ? { moreProblems: end.problems.more } : {}),
  };
  const counts = `${done} done, ${failed} failed, ${inDoubt} in doubt, ${skipped} skipped (done earlier)`;
  const line = `${counts}${pending ? `, ${pending} not sent` : ''} in ${summary.seconds} s — batch "${name}"`;
  return { summary, problems: end.problems.rows, line, error: errorOf(end, name) };
}

/**
 * The outcome of a batch that had finished and that the input adds nothing to: nothing was sent, and it says when,
 * where and from which profile it finished.
 */
export function finishedOutcome<Row>(prepared: Prepared<Row>, seconds: number): BatchOutcome {
  const batch = prepared.finished!;
  const at = new Date(batch.at).toISOString();
  const finished = {
    at,
    ...(batch.host ? { host: batch.host } : {}),
    ...(batch.profile ? { profile: batch.profile } : {}),
  };
  const summary = {
    outcome: 'finished',
    batch: prepared.name,
    id: prepared.id,
    generation: prepared.gen,
    finished,
    rows: prepared.total,
    done: 0,
    failed: 0,
    inDoubt: 0,
    skipped: prepared.total,
    pending: 0,
    stopped: false,
    seconds: Number(seconds.toFixed(2)),
    journal: prepared.path,
  };
  const where = [batch.host && `on ${batch.host}`, batch.profile && `from profile "${batch.profile}"`].filter(Boolean);
  const line = [
    `nothing sent: batch "${prepared.name}" finished ${at} ${where.join(' ')}, with every row of this input done;`,
    'add --again to apply these rows once more',
  ].join(' ');
  return { summary, problems: [], line };
}

/** The earlier batch a run continued, as the summary tells it. */
function continuesOf<Row>(prepared: Prepared<Row>) {
  const { batch, byContent } = prepared.continues!;
  const lastRun = batch.at ? new Date(batch.at).toISOString() : null;
  return { batch: batch.name, id: batch.id, byContent, lastRun, ...(batch.host ? { host: batch.host } : {}) };
}

/** The error the run exits with: what stopped it, an interruption, or rows failed or in doubt (none when all went well). */
function errorOf(end: RunEnd, name: string): InvError | undefined {
  const { failed, inDoubt } = end.tally;
  if (end.stop !== undefined && !(end.stop instanceof InterruptedError)) {
    if (!(end.stop instanceof InvError)) throw end.stop;
    return end.stop;
  }
  // Stopped (Ctrl-C, SIGTERM) between rows, or while a request waited to be sent: the same stop.
  if (end.stopped || end.stop !== undefined)
    return new InterruptedError('stopped before the end: the journal is kept; run the same command again to continue');
  if (failed + inDoubt > 0) {
    const fix = failed
      ? ['fix the failed rows in the file and run the same command again (done rows are skipped)']
      : [];
    const check = inDoubt ? [`check rows in doubt with \`inv batch show "${name}"\``] : [];
    const what = [failed && `${failed} row(s) failed`, inDoubt && `${inDoubt} are in doubt`].filter(Boolean);
    return new BatchIncompleteError(what.join(' and '), [...fix, ...check].join('; '));
  }
  return undefined;
}
