/**
 * The start of pass two, under the batch's lock: the journal read again and opened, the lease on the server's
 * anchor, and the records that come before any row is sent (the batch, the run, its input, the rows it no longer
 * holds, the rows the anchor knows of beyond the journal).
 */
import { processAlive } from '../../util/file-lock.js';
import type { Journal } from '../../util/journal.js';
import { openBatchJournal } from '../journal/batch-journal.js';
import type { BatchEnv } from '../batch-types.js';
import type { BatchFile } from '../journal/journal-read.js';
import { Lease } from '../anchor/lease.js';
import { clockOf, readJournal, type Prepared } from '../prepare.js';
import { markOf } from '../journal/row-states.js';

/** The journal as a run writes it (tests pass a fake without `bytes`). */
export type RunJournal = Pick<Journal, 'mark' | 'note' | 'close'> & { bytes?: number };

/** A run under way: the journal as read under the lock, the journal it writes, its lease, and how windows are reserved. */
export interface StartedRun {
  current: BatchFile;
  journal: RunJournal;
  lease: Lease;
  /** Records window `ids` in the journal, then on the server, before any of its rows leaves. */
  reserve(ids: string[]): Promise<void>;
}

/** Opens the batch's journal for a run (the caller holds its lock), takes the lease, and writes what comes before the first row. */
export async function startRun<Row>(prepared: Prepared<Row>, env: BatchEnv, host: string): Promise<StartedRun> {
  const { name, path, anchor } = prepared;
  // Read again under the lock: another run here may have finished rows since pass one.
  const current = await readJournal(path, name);
  const journal: RunJournal = env.openJournal
    ? await env.openJournal(path, current.validBytes)
    : openBatchJournal(path, { validBytes: current.validBytes, file: env.journalFile });
  const windows = { reserved: Math.max(current.reserved, prepared.recovered.windows) };
  const { sleep, now } = clockOf(env);
  const lease = new Lease(anchor.store, anchor.keys, anchor.bounds, name, {
    host,
    pid: process.pid,
    profile: env.profile,
    now,
    sleep,
    processAlive,
  });
  try {
    // The lease first: a run that another holds writes nothing.
    const position = () => ({ reserved: windows.reserved, bytes: journal.bytes ?? 0 });
    // The register is told at the same time, so that both wait out one settling time.
    const [claimed, told] = await Promise.allSettled([
      lease.claim(anchor.head, prepared.gen, prepared.total, position),
      register(prepared, env),
    ]);
    if (claimed.status === 'rejected') throw claimed.reason;
    if (told.status === 'rejected') throw told.reason;
    await recoverLate(prepared, lease, windows);
    await noteStart(prepared, env, host, current, journal);
    await markRecovered(prepared, current, journal);
    await noteInput(prepared, current, journal);
    // Windows of other runs, whose rows were marked above as the anchor knows them.
    if (windows.reserved > current.reserved) await journal.note({ reserve: windows.reserved, from: 'anchor' });
  } catch (error) {
    await lease.release({ state: 'stopped' }).catch(() => undefined);
    await journal.close();
    throw error;
  }
  const reserve = async (ids: string[]) => {
    const n = ++windows.reserved;
    await journal.note({ reserve: n, ids });
    await lease.reserve(n, ids);
  };
  return { current, journal, lease, reserve };
}

/**
 * Adds to what pass one recovered the windows another run stored since (its claim landed first, this one's after it):
 * their rows are in doubt, and this run's windows are numbered after them.
 */
async function recoverLate<Row>(prepared: Prepared<Row>, lease: Lease, windows: { reserved: number }): Promise<void> {
  const late = await lease.windowsBeyond(windows.reserved);
  for (const id of late.ids) if (!prepared.recovered.rows.has(id)) prepared.recovered.rows.set(id, 'in-doubt');
  windows.reserved = late.windows;
}

/** Tells the account's register that the batch runs (unfinished), unless it already says so. */
async function register<Row>(prepared: Prepared<Row>, env: BatchEnv): Promise<void> {
  const { key, gen, kind, continues, anchor } = prepared;
  if (!key || anchor.store.off || (continues && !continues.batch.finished)) return;
  const applied = [...prepared.journal.rows.values()].filter(
    (r) => r.state === 'done' || r.state === 'in-doubt',
  ).length;
  const entry = { key, gen, kind: kind.kind, finished: false, at: clockOf(env).now(), applied };
  await anchor.registry.record(entry, env.warn);
}

/** The batch's header (a new journal), a torn tail, and the run. */
async function noteStart<Row>(
  prepared: Prepared<Row>,
  env: BatchEnv,
  host: string,
  current: BatchFile,
  journal: RunJournal,
): Promise<void> {
  const { id, key, gen, name, named, kind, account } = prepared;
  const { profile, origin } = env;
  const at = new Date(clockOf(env).now()).toISOString();
  if (!current.header) {
    const batch = { id, key, gen, name, named, kind: kind.kind, profile, origin, account: account.user };
    const instance = account.instance ? { instance: account.instance } : {};
    await journal.note({ batch: { ...batch, accountKey: account.key, ...instance, created: at } });
  }
  if (current.torn) await journal.note({ torn: { at, row: current.torn.row ?? null } });
  if (current.torn?.row)
    await journal.mark(
      current.torn.row,
      markOf('in-doubt', { error: 'its last journal record was cut short by a crash' }),
    );
  const { label } = env.input;
  const hash = prepared.digest;
  await journal.note({ run: { at, pid: process.pid, host, profile, hash, file: label } });
}

/** The run's input (its row count) and the rows it no longer holds (dropped), in one synced write. */
async function noteInput<Row>(prepared: Prepared<Row>, current: BatchFile, journal: RunJournal): Promise<void> {
  const hash = prepared.digest;
  // Made in one turn, so the input's size and the rows it no longer holds go out in one synced write.
  const absent = prepared.absent.filter((row) => ['failed', 'pending'].includes(current.rows.get(row)?.state ?? ''));
  await Promise.all([
    journal.note({ input: { rows: prepared.total, hash } }),
    ...absent.map((row) => journal.mark(row, markOf('dropped'))),
  ]);
}

/** Marks the rows that the server's anchor knows of beyond this journal as its head says (or in doubt). */
async function markRecovered<Row>(prepared: Prepared<Row>, current: BatchFile, journal: RunJournal): Promise<void> {
  const error = 'sent by a run this journal does not hold (another machine, or a restored, cut or copied journal)';
  for (const [id, state] of prepared.recovered.rows) {
    const known = current.rows.get(id);
    if (known?.state === 'done' || known?.state === state) continue;
    await journal.mark(id, markOf(state, { by: 'anchor', ...(state === 'done' ? {} : { error }) }));
    current.rows.set(id, { ...(known ?? { id }), state });
  }
}
