/**
 * The batch engine, shared by every batch kind: a batch found by what its rows do, one run at a time,
 * every row's "sent" mark on disk (and its window on the server's anchor) before its request leaves,
 * and one rule for what stops the run. Pass one (prepare.ts) reads the whole input and refuses it
 * before anything is sent when it is malformed or repeats applied rows; pass two sends.
 */
import { hostname } from 'node:os';
import { processAlive } from '../util/file-lock.js';
import { BatchIncompleteError, InterruptedError, InvError } from '../errors.js';
import { writeIndex } from './catalogue.js';
import { openBatchJournal } from './batch-journal.js';
import type { Journal } from '../util/journal.js';
import type { JournalRecord } from '../util/journal-records.js';
import { identified, type IdentifiedRow } from './identified.js';
import { readJournal, type Prepared } from './prepare.js';
import type { BatchEnv, BatchOutcome, BatchRequest, RowResult, RowStatus, Rows } from './batch-types.js';
import { inFileOrder } from './order.js';
import { Progress } from './progress.js';
import { reserveAhead } from './reserve.js';
import { verdictOf } from './stop-rule.js';
import { WINDOW_ROWS } from './anchor.js';

export { identified } from './identified.js';
export { prepare, type Prepared } from './prepare.js';

type RunJournal = Pick<Journal, 'mark' | 'note' | 'close'> & { bytes?: number };

/**
 * Opens the batch's journal for a run under its lock: the header of a new batch, the run's record,
 * the lease on the server's anchor, and the rows the anchor holds beyond the journal marked in doubt.
 */
async function openRun<Row>(prepared: Prepared<Row>, env: BatchEnv, host: string) {
  const { name, path, kind } = prepared;
  // Read again under the lock: another run may have finished rows since pass one.
  const current = await readJournal(path, name);
  const journal: RunJournal = env.openJournal
    ? await env.openJournal(path, current.validBytes)
    : openBatchJournal(path, { validBytes: current.validBytes, file: env.journalFile });
  let reserved = Math.max(current.reserved, prepared.recovered.windows);
  const now = () => new Date().toISOString();
  try {
    // The lease first: a run refused because another host holds the batch writes nothing.
    await prepared.anchor?.acquire(() => ({ reserved, bytes: journal.bytes ?? 0 }), processAlive);
    if (!current.header)
      await journal.note({
        batch: {
          id: prepared.id,
          name,
          kind: kind.kind,
          profile: env.profile,
          origin: env.origin,
          account: prepared.account,
          created: now(),
        },
      });
    if (current.torn) await journal.note({ torn: { at: now(), row: current.torn.row ?? null } });
    if (current.torn?.row)
      await journal.mark(current.torn.row, { s: 'doubt', e: 'its last journal record was cut short by a crash' });
    await journal.note({
      run: { at: now(), pid: process.pid, host, profile: env.profile, hash: env.input.hash, file: env.input.label },
    });
    // Made in one turn, so the input's size and the rows it no longer holds go out in one synced write.
    const absent = prepared.absent.filter((id) => ['failed', 'pending'].includes(current.rows.get(id)?.state ?? ''));
    await Promise.all([
      journal.note({ input: { rows: prepared.total, hash: env.input.hash } }),
      ...absent.map((id) => journal.mark(id, { s: 'dropped' })),
    ]);
    for (const id of prepared.recovered.ids) {
      if (current.rows.get(id)?.state === 'done') continue;
      await journal.mark(id, {
        s: 'doubt',
        e: 'the anchor on the server shows it may have been sent by a run this journal does not hold (a restored, cut or copied journal)',
      });
      current.rows.set(id, { ...(current.rows.get(id) ?? { id }), state: 'in-doubt' });
    }
    if (reserved > current.reserved) await journal.note({ reserve: reserved });
  } catch (error) {
    await journal.close();
    throw error;
  }
  /** Records window `ids` in the journal, then on the server, before any of its rows leaves. */
  const reserve = async (ids: string[]) => {
    const anchor = prepared.anchor;
    const n = anchor ? anchor.next() : ++reserved;
    reserved = n;
    await journal.note({ reserve: n });
    await anchor?.reserve(n, ids);
  };
  return { current, journal, reserve };
}

/** Pass two: sends every row that is not done (rows in doubt only when asked), a few at a time. */
export async function send<Row>(
  prepared: Prepared<Row>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  label: string,
): Promise<BatchOutcome> {
  const { name, path, kind } = prepared;
  if (request.retryInDoubt && prepared.counts.inDoubt > 0) {
    const yes = await env.confirm(
      `Send again the ${prepared.counts.inDoubt} row(s) of batch "${name}" that are in doubt? Only if you checked they were not applied.`,
    );
    if (!yes) throw new InterruptedError('nothing was sent');
  }
  const host = env.host ?? hostname();
  const { lockBatch } = await import('./batch-lock.js');
  const release = lockBatch(`${path}.lock`, name, host);
  const progress = new Progress(label, env.progress);
  progress.total = prepared.total;
  const problems: RowResult[] = [];
  let units = 0;
  let journal: RunJournal | undefined;
  let stop: unknown;
  let stopped = false;
  let halted = false;
  const tally = () => {
    const { done, failed, inDoubt, skipped } = progress.counts;
    return { done, failed, inDoubt, skipped, pending: prepared.total - done - failed - inDoubt - skipped };
  };
  const report = async (result: RowResult) => {
    if (result.status !== 'pending')
      progress.tick(
        result.status === 'done'
          ? 'done'
          : result.status === 'skipped'
            ? 'skipped'
            : result.status === 'in-doubt'
              ? 'inDoubt'
              : 'failed',
      );
    if (result.status !== 'done' && result.status !== 'skipped') problems.push(result);
    await env.onResult(result);
  };
  try {
    const run = await openRun(prepared, env, host);
    const continued = prepared.continues?.entry;
    if (continued)
      await env.info?.(
        `continues batch "${continued.name}" (last run ${continued.lastRun ?? 'unknown'} from profile "${continued.profile}"): rows done are skipped`,
      );
    const { current } = run;
    journal = run.journal;
    const j = journal;
    const held = (id: string) =>
      current.rows.get(id)?.state === 'done' || (current.rows.get(id)?.state === 'in-doubt' && !request.retryInDoubt);
    const work = inFileOrder(kind, async (item: IdentifiedRow<Row> & { sends?: string }) => {
      const msku = typeof item.ident?.what.msku === 'string' ? item.ident.what.msku : null;
      const entry = current.rows.get(item.id!);
      const result = (status: RowStatus, error?: string, extra: Record<string, unknown> = {}): RowResult => ({
        line: item.line,
        msku,
        status,
        ...(error ? { error } : {}),
        ...extra,
      });
      if (entry?.state === 'done') return report(result('skipped', 'done in an earlier run'));
      if (entry?.state === 'in-doubt' && !request.retryInDoubt) {
        // A row known only from the server's anchor gets its line and move, for `batch show` and `resolve`.
        if (!entry.what) await j.mark(item.id!, { s: 'doubt', l: item.line, m: item.ident!.what, e: entry.error });
        return report(
          result(
            'in-doubt',
            `sent in an earlier run without a sure answer: check it, then \`inv batch resolve "${name}" --row ${item.id!} --applied|--not-applied\``,
            { row: item.id },
          ),
        );
      }
      if (item.ident!.unresolved) {
        await j.mark(item.id!, { s: 'failed', l: item.line, m: item.ident!.what, e: item.ident!.unresolved });
        return report(result('failed', item.ident!.unresolved));
      }
      await j.mark(item.id!, { s: 'sent', l: item.line, m: item.ident!.what } satisfies JournalRecord);
      if (halted) {
        // Another row stopped the batch while this one's mark was being written: it is not sent.
        await j.mark(item.id!, { s: 'unsent', e: 'the batch stopped before it was sent' });
        return report(result('pending', 'not sent: the batch stopped'));
      }
      let answer: unknown;
      try {
        answer = await kind.send(item.row!, item.ident!);
      } catch (error) {
        const verdict = verdictOf(error);
        if (verdict.state === 'done') {
          units += kind.units?.(item.row!) ?? 0;
          await env.warn(`line ${item.line}: ${verdict.message}`);
        }
        const mark =
          verdict.state === 'pending'
            ? { s: 'unsent', e: verdict.message }
            : { s: verdict.state === 'in-doubt' ? 'doubt' : verdict.state, e: verdict.message };
        let markError: unknown;
        await j.mark(item.id!, mark).catch((e: unknown) => (markError = e));
        await report(
          result(
            verdict.state,
            verdict.state === 'done' ? undefined : verdict.message,
            verdict.state === 'in-doubt' ? { row: item.id } : {},
          ),
        );
        if (verdict.stop ?? markError) {
          halted = true;
          throw verdict.stop ?? markError;
        }
        return;
      }
      units += kind.units?.(item.row!) ?? 0;
      // Not waited for: lost in a crash, the row reads as in doubt (never as unsent), and a failed write
      // breaks the journal, so the next row's "sent" mark fails and the batch stops.
      j.mark(item.id!, { s: 'done' }).catch((error: unknown) => (stop ??= error));
      await report(result('done', undefined, kind.resultFields?.(answer)));
    });
    const marked = async function* () {
      for await (const item of identified(kind, rows()))
        yield {
          ...item,
          sends: item.id && !item.problem && !item.ident?.unresolved && !held(item.id) ? item.id : undefined,
        };
    };
    const { runPool } = await import('./pool.js');
    try {
      ({ stopped } = await runPool(reserveAhead(marked(), WINDOW_ROWS, run.reserve), work, {
        concurrency: request.concurrency,
        signal: env.signal,
      }));
    } catch (error) {
      stop = error;
    }
    const { done, failed, inDoubt, skipped, pending } = tally();
    await journal
      .note({
        end: {
          at: new Date().toISOString(),
          done: done + skipped,
          failed,
          inDoubt,
          pending,
          units,
          hash: env.input.hash,
        },
      })
      .catch((error: unknown) => {
        stop ??= error;
      });
  } finally {
    progress.finish();
    try {
      await journal?.close();
      await prepared.anchor?.release();
    } finally {
      release();
    }
  }
  if (!env.openJournal) await writeIndex(path).catch(() => undefined);
  const { done, failed, inDoubt, skipped, pending } = tally();
  const interrupted = stopped || stop !== undefined;
  const outcome = interrupted ? 'stopped' : prepared.continues ? 'continued' : 'ran';
  const continues = prepared.continues
    ? {
        batch: prepared.continues.entry.name,
        id: prepared.id,
        byContent: prepared.continues.byContent,
        lastRun: prepared.continues.entry.lastRun,
      }
    : undefined;
  const summary = {
    outcome,
    batch: name,
    id: prepared.id,
    ...(continues ? { continues } : {}),
    rows: prepared.total,
    done,
    failed,
    inDoubt,
    skipped,
    pending,
    stopped: interrupted,
    seconds: Number(progress.seconds.toFixed(2)),
    journal: path,
  };
  const line = `${done} done, ${failed} failed, ${inDoubt} in doubt, ${skipped} skipped (done earlier)${pending ? `, ${pending} not sent` : ''} in ${summary.seconds} s — batch "${name}"`;
  let error: InvError | undefined;
  if (stop !== undefined) {
    if (!(stop instanceof InvError)) throw stop;
    error = stop;
  } else if (stopped)
    error = new InterruptedError('stopped before the end: the journal is kept; run the same command again to continue');
  else if (failed + inDoubt > 0) {
    error = new BatchIncompleteError(
      `${failed} row(s) failed and ${inDoubt} are in doubt`,
      `fix the failed rows in the file and run the same command again (done rows are skipped); check rows in doubt with \`inv batch show "${name}"\``,
    );
  }
  return { summary, problems, line, error };
}
