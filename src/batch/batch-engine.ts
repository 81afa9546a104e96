/**
 * The batch engine, shared by every batch kind: a batch found by what its rows do, one run at a time,
 * every row's "sent" mark on disk (and its window on the server's anchor) before its request leaves,
 * and one rule for what stops the run. Pass one (prepare.ts) reads the whole input and refuses it
 * before anything is sent when it is malformed or repeats applied rows; pass two (here) sends.
 */
import { hostname } from 'node:os';
import { InterruptedError } from '../errors.js';
import { WINDOW_ROWS } from './anchor.js';
import { lockBatch } from './batch-lock.js';
import type { BatchEnv, BatchOutcome, BatchRequest, Rows } from './batch-types.js';
import { writeIndex } from './catalogue.js';
import { identified } from './identified.js';
import { inFileOrder } from './order.js';
import { runPool } from './pool.js';
import type { Prepared } from './prepare.js';
import { Progress } from './progress.js';
import { reserveAhead } from './reserve.js';
import { RowSender } from './row-sender.js';
import { outcomeOf } from './run-outcome.js';
import { startRun } from './run-start.js';

/** Pass two: sends every row that is not done (rows in doubt only when asked), a few at a time. */
export async function send<Row>(
  prepared: Prepared<Row>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  label: string,
): Promise<BatchOutcome> {
  if (request.retryInDoubt && prepared.counts.inDoubt > 0) await confirmResend(prepared, env);
  const host = env.host ?? hostname();
  const release = lockBatch(`${prepared.path}.lock`, prepared.name, host);
  const progress = new Progress(label, env.progress);
  progress.total = prepared.total;
  let sent: { sender: RowSender<Row>; stopped: boolean };
  try {
    sent = await sendRows(prepared, request, env, rows, { host, progress });
  } finally {
    progress.finish();
    try {
      await prepared.anchor?.release();
    } finally {
      release();
    }
  }
  if (!env.openJournal) await writeIndex(prepared.path).catch(() => undefined);
  // Read now: a "done" mark that failed while the journal closed stops the run too.
  const { sender, stopped } = sent;
  const end = {
    tally: sender.tally(),
    problems: sender.problems,
    seconds: progress.seconds,
    stop: sender.stop,
    stopped,
  };
  return outcomeOf(prepared, end);
}

/** Asks before rows in doubt are sent again; nothing is sent without a yes. */
async function confirmResend<Row>(prepared: Prepared<Row>, env: BatchEnv): Promise<void> {
  const question = [
    `Send again the ${prepared.counts.inDoubt} row(s) of batch "${prepared.name}" that are in doubt?`,
    'Only if you checked they were not applied.',
  ].join(' ');
  if (!(await env.confirm(question))) throw new InterruptedError('nothing was sent');
}

/** Under the lock: starts the run, sends the rows through the pool window by window, and notes the end in the journal. */
async function sendRows<Row>(
  prepared: Prepared<Row>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  run: { host: string; progress: Progress },
): Promise<{ sender: RowSender<Row>; stopped: boolean }> {
  const { journal, current, reserve } = await startRun(prepared, env, run.host);
  try {
    const continued = prepared.continues?.entry;
    if (continued) {
      const last = `last run ${continued.lastRun ?? 'unknown'} from profile "${continued.profile}"`;
      await env.info?.(`continues batch "${continued.name}" (${last}): rows done are skipped`);
    }
    const sender = new RowSender(prepared, request, env, journal, current, run.progress);
    const items = reserveAhead(identified(prepared.kind, rows()), WINDOW_ROWS, (item) => sender.sends(item), reserve);
    const work = inFileOrder(prepared.kind, (item) => sender.row(item));
    let stopped = false;
    try {
      ({ stopped } = await runPool(items, work, { concurrency: request.concurrency, signal: env.signal }));
    } catch (error) {
      sender.stop = error;
    }
    const { done, failed, inDoubt, skipped, pending } = sender.tally();
    const at = new Date().toISOString();
    const record = { at, done: done + skipped, failed, inDoubt, pending, units: sender.units, hash: env.input.hash };
    await journal.note({ end: record }).catch((error: unknown) => (sender.stop ??= error));
    return { sender, stopped };
  } finally {
    await journal.close();
  }
}
