/**
 * The start of pass two, under the batch's lock: the journal read again and opened, the lease on the server's
 * anchor, and the records that come before any row is sent (the batch, the run, its input, the rows it no longer
 * holds, the rows the anchor shows may have been sent).
 */
import { processAlive } from '../util/file-lock.js';
import type { Journal } from '../util/journal.js';
import { openBatchJournal } from './batch-journal.js';
import type { BatchEnv } from './batch-types.js';
import type { BatchFile } from './journal-read.js';
import { readJournal, type Prepared } from './prepare.js';
import { markOf } from './row-states.js';

/** The journal as a run writes it (tests pass a fake without `bytes`). */
export type RunJournal = Pick<Journal, 'mark' | 'note' | 'close'> & { bytes?: number };

/** A run under way: the journal as read under the lock, the journal it writes, and the reservation of each window of rows. */
export interface StartedRun {
  current: BatchFile;
  journal: RunJournal;
  /** Records window `ids` in the journal, then on the server, before any of its rows leaves. */
  reserve(ids: string[]): Promise<void>;
}

const now = () => new Date().toISOString();

/** Opens the batch's journal for a run (the caller holds its lock) and writes what comes before the first row. */
export async function startRun<Row>(prepared: Prepared<Row>, env: BatchEnv, host: string): Promise<StartedRun> {
  const { name, path } = prepared;
  // Read again under the lock: another run may have finished rows since pass one.
  const current = await readJournal(path, name);
  const journal: RunJournal = env.openJournal
    ? await env.openJournal(path, current.validBytes)
    : openBatchJournal(path, { validBytes: current.validBytes, file: env.journalFile });
  const windows = { reserved: Math.max(current.reserved, prepared.recovered.windows) };
  try {
    // The lease first: a run refused because another host holds the batch writes nothing.
    await prepared.anchor?.acquire(() => ({ reserved: windows.reserved, bytes: journal.bytes ?? 0 }), processAlive);
    await noteStart(prepared, env, host, current, journal);
    await markRecovered(prepared, current, journal);
    if (windows.reserved > current.reserved) await journal.note({ reserve: windows.reserved });
  } catch (error) {
    await journal.close();
    throw error;
  }
  const reserve = async (ids: string[]) => {
    const anchor = prepared.anchor;
    const n = anchor ? anchor.next() : ++windows.reserved;
    windows.reserved = n;
    await journal.note({ reserve: n });
    await anchor?.reserve(n, ids);
  };
  return { current, journal, reserve };
}

/** The batch's header (a new batch), a torn tail, the run, its input, and the rows gone from it (dropped). */
async function noteStart<Row>(
  prepared: Prepared<Row>,
  env: BatchEnv,
  host: string,
  current: BatchFile,
  journal: RunJournal,
): Promise<void> {
  const { id, name, kind, account } = prepared;
  const { profile, origin } = env;
  if (!current.header)
    await journal.note({ batch: { id, name, kind: kind.kind, profile, origin, account, created: now() } });
  if (current.torn) await journal.note({ torn: { at: now(), row: current.torn.row ?? null } });
  if (current.torn?.row)
    await journal.mark(
      current.torn.row,
      markOf('in-doubt', { error: 'its last journal record was cut short by a crash' }),
    );
  const { hash, label } = env.input;
  await journal.note({ run: { at: now(), pid: process.pid, host, profile, hash, file: label } });
  // Made in one turn, so the input's size and the rows it no longer holds go out in one synced write.
  const absent = prepared.absent.filter((row) => ['failed', 'pending'].includes(current.rows.get(row)?.state ?? ''));
  await Promise.all([
    journal.note({ input: { rows: prepared.total, hash } }),
    ...absent.map((row) => journal.mark(row, markOf('dropped'))),
  ]);
}

/** Marks in doubt the rows that the server's anchor shows may have been sent by a run this journal does not hold. */
async function markRecovered<Row>(prepared: Prepared<Row>, current: BatchFile, journal: RunJournal): Promise<void> {
  const error = [
    'the anchor on the server shows it may have been sent by a run this journal does not hold',
    '(a restored, cut or copied journal)',
  ].join(' ');
  for (const id of prepared.recovered.ids) {
    if (current.rows.get(id)?.state === 'done') continue;
    await journal.mark(id, markOf('in-doubt', { error }));
    current.rows.set(id, { ...(current.rows.get(id) ?? { id }), state: 'in-doubt' });
  }
}
