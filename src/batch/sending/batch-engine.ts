/**
 * The batch engine, shared by every batch kind: one run of a batch generation at a time (a lock here, a lease on the
 * server), every row's "sent" mark on disk (and its window on the server's anchor) before its request leaves, one
 * rule for what stops the run, and at its end the head and the account's register told how it ended. Pass one
 * (prepare.ts) reads the whole input and refuses it before anything is sent when it is malformed or edits applied
 * rows; pass two (here) sends.
 */
import { InterruptedError } from '../../errors.js';
import { WINDOW_ROWS } from '../anchor/anchor.js';
import { lockBatch } from '../journal/batch-lock.js';
import type { BatchEnv, BatchOutcome, BatchRequest, Rows } from '../batch-types.js';
import { writeIndex } from '../identity/catalogue.js';
import { identified } from '../identity/identified.js';
import { countsOf, readBatchFile, type BatchFile } from '../journal/journal-read.js';
import type { Lease } from '../anchor/lease.js';
import { inFileOrder } from './order.js';
import { runPool } from './pool.js';
import { RECENT_MS } from '../identity/choose.js';
import { clockOf, hostOf, type Prepared } from '../prepare.js';
import { Progress } from '../views/progress.js';
import { reserveAhead } from './reserve.js';
import { RowSender } from './row-sender.js';
import { outcomeOf } from '../views/run-outcome.js';
import { startRun } from './run-start.js';
import { notDoneLists, type NotDone } from '../journal/row-states.js';

/** Pass two: sends every row that is not done (rows in doubt only when asked), a few at a time. */
export async function send<Row>(
  prepared: Prepared<Row>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  label: string,
): Promise<BatchOutcome> {
  if (request.retryInDoubt && prepared.counts.inDoubt > 0) await confirmResend(prepared, env);
  const host = hostOf(env);
  const release = lockBatch(`${prepared.path}.lock`, prepared.name, host);
  const progress = new Progress(label, env.progress);
  progress.total = prepared.total;
  let sent: { sender: RowSender<Row>; stopped: boolean };
  try {
    sent = await sendRows(prepared, request, env, rows, { host, progress });
  } finally {
    progress.finish();
    release();
  }
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

/** Under the lock: starts the run, sends the rows through the pool window by window, and notes the end. */
async function sendRows<Row>(
  prepared: Prepared<Row>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  run: { host: string; progress: Progress },
): Promise<{ sender: RowSender<Row>; stopped: boolean }> {
  const { journal, current, reserve, lease } = await startRun(prepared, env, run.host);
  let sender: RowSender<Row> | undefined;
  try {
    await sayContinued(prepared, env);
    sender = new RowSender(prepared, request, env, journal, current, run.progress);
    const send = sender;
    const items = reserveAhead(identified(prepared.kind, rows()), WINDOW_ROWS, (item) => send.sends(item), reserve);
    const work = inFileOrder(prepared.kind, (item) => send.row(item));
    let stopped = false;
    try {
      ({ stopped } = await runPool(items, work, { concurrency: request.concurrency, signal: env.signal }));
    } catch (error) {
      sender.stop = error;
    }
    const { done, failed, inDoubt, skipped, pending } = sender.tally();
    const at = new Date(clockOf(env).now()).toISOString();
    const record = { at, done: done + skipped, failed, inDoubt, pending, units: sender.units, hash: prepared.digest };
    await journal.note({ end: record }).catch((error: unknown) => (send.stop ??= error));
    return { sender, stopped };
  } finally {
    await journal.close();
    await tellEnd(prepared, env, lease).catch((error: unknown) => {
      if (sender) sender.stop ??= error;
    });
  }
}

/** Says which batch the run continues, and warns when that is an unfinished batch of another night's. */
async function sayContinued<Row>(prepared: Prepared<Row>, env: BatchEnv): Promise<void> {
  const continued = prepared.continues?.batch;
  if (!continued) return;
  const at = new Date(continued.at).toISOString();
  const last = `last run ${at}${continued.host ? ` on ${continued.host}` : ''}`;
  const who = continued.profile ? ` from profile "${continued.profile}"` : '';
  await env.info?.(`continues batch "${continued.name}" (${last}${who}): rows done are skipped`);
  const hours = (clockOf(env).now() - continued.at) / 3_600_000;
  if (continued.named || continued.at === 0 || hours * 3_600_000 < RECENT_MS) return;
  await env.warn(
    [
      `batch "${continued.name}" is unfinished since it last ran ${Math.floor(hours)} hours ago: the rows it did then are`,
      'skipped now. If these moves are meant to happen again, name each night\'s batch (--batch "replenish-$(date +%F)"),',
      'or resolve or fix what it left, and then --again runs it anew',
    ].join(' '),
  );
}

/**
 * After the run: the journal read back, its index here rewritten, and the server told how the generation stands (the
 * head: finished or stopped, with the rows not done; the account's register).
 */
async function tellEnd<Row>(prepared: Prepared<Row>, env: BatchEnv, lease: Lease): Promise<void> {
  const file = env.openJournal ? undefined : await readBatchFile(prepared.path);
  if (file) await writeIndex(prepared.path, file).catch(() => undefined);
  const finished = file ? countsOf(file).finished : false;
  const lists = file ? notDone(file) : undefined;
  await lease.release({ state: finished ? 'finished' : 'stopped', ...lists });
  if (!prepared.key || prepared.anchor.store.off) return;
  const applied = file ? [...file.rows.values()].filter((r) => r.state === 'done' || r.state === 'in-doubt').length : 0;
  const entry = { key: prepared.key, gen: prepared.gen, kind: prepared.kind.kind, finished, applied };
  await prepared.anchor.registry.record({ ...entry, at: clockOf(env).now() }, env.warn);
}

/** The rows of a journal that are not done, for the head (partial when a window's rows were not noted). */
function notDone(file: BatchFile): { notDone?: NotDone; partial?: boolean } {
  if (!file.reservedKnown) return { partial: true };
  // A row reserved and never marked was not sent: the run stopped before it.
  const unsent = [...new Set(file.reservedIds)].filter((id) => !file.rows.has(id));
  return { notDone: notDoneLists(file.rows.values(), unsent) };
}
