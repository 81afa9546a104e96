/**
 * The batch engine, shared by every batch kind: a batch named by the user, one run at a time, rows
 * identified by what they do, every row's "sent" mark on disk before its request leaves, and one
 * rule for what stops the run. Pass one reads the whole input (refusing it before anything is sent
 * when it is malformed, or when it no longer holds a row that was applied); pass two sends.
 */
import { createHash } from 'node:crypto';
import { BatchIncompleteError, InterruptedError, InvError, JournalDamagedError, UsageError } from '../errors.js';
import { batchPath, defaultBatchName } from './identity.js';
import type { InputRow } from './input.js';
import { Journal } from './journal.js';
import { readBatchFile, type BatchFile, type JournalRecord, type RowEntry } from './journal-read.js';
import type { BatchEnv, BatchKind, BatchOutcome, BatchRequest, Identified, RowResult, RowStatus, Rows } from './batch-types.js';
import { Progress } from './progress.js';
import { verdictOf } from './stop-rule.js';

const MAX_LISTED = 20;

/** A row's id in the journal: a hash of its normalised action and its occurrence among identical rows. */
function rowId(key: unknown[], occurrence: number): string {
  return createHash('sha256').update(JSON.stringify([...key, occurrence])).digest('hex').slice(0, 16);
}

/** Walks the input once, identifying each row: `visit` is called in input order. */
export async function* identified<Row>(kind: BatchKind<Row>, rows: AsyncIterable<InputRow>): AsyncGenerator<{ line: number; row?: Row; problem?: string; id?: string; ident?: Identified }> {
  const seen = new Map<string, number>();
  for await (const input of rows) {
    if (input.error || !input.record) {
      yield { line: input.line, problem: input.error ?? 'unreadable' };
      continue;
    }
    const parsed = kind.parse(input.line, input.record);
    if ('problem' in parsed) {
      yield { line: input.line, problem: parsed.problem };
      continue;
    }
    const ident = await kind.identify(parsed.row);
    const base = JSON.stringify(ident.key);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    yield { line: input.line, row: parsed.row, id: rowId(ident.key, occurrence), ident };
  }
}

function whatText(entry: RowEntry): string {
  return entry.what ? Object.entries(entry.what).map(([k, v]) => `${k} ${String(v)}`).join(', ') : `row ${entry.id}`;
}

/** Refuses to run a batch whose every row is done, saying when it ran and what it did. */
function finishedError(name: string, journal: BatchFile): UsageError {
  const end = journal.ends.at(-1);
  const done = [...journal.rows.values()].filter((r) => r.state === 'done').length;
  const units = journal.ends.reduce((sum, e) => sum + (e.units ?? 0), 0);
  return new UsageError(
    `batch "${name}" finished${end ? ` on ${end.at}` : ''}: ${done} rows done${units ? ` (${units} units moved)` : ''}; nothing was sent`,
    'to apply the same rows again, give the run a new name: --batch NAME (e.g. --batch "replenish-$(date +%F)")',
  );
}

/** Reads the batch's journal, refusing one whose records cannot all be read. */
async function readJournal(path: string, name: string): Promise<BatchFile> {
  const journal = await readBatchFile(path);
  if (journal.damage) {
    throw new JournalDamagedError(
      `the journal of batch "${name}" is damaged at record ${journal.damage.record} (byte ${journal.damage.offset} of ${path}): the state of some rows cannot be read, so nothing was sent`,
      `see what it still holds with \`inv batch show "${name}"\`, check those moves on the server, and run the rows left under a new --batch name`,
    );
  }
  return journal;
}

export interface Prepared<Row> {
  name: string;
  path: string;
  journal: BatchFile;
  total: number;
  counts: { toSend: number; inDoubt: number };
  /** The account the batch runs as (read once, in pass one). */
  account: string;
  kind: BatchKind<Row>;
}

/** Pass one: names the batch, reads its journal and the whole input; throws before anything is sent when either is wrong. */
export async function prepare<Row>(kind: BatchKind<Row>, request: BatchRequest, env: BatchEnv, rows: Rows, options: { dryRun?: boolean } = {}): Promise<Prepared<Row>> {
  const name = request.name ?? defaultBatchName(request.file, env.input.hash);
  if (!name.trim()) throw new UsageError('--batch needs a name');
  const account = await env.account();
  const path = batchPath(env.stateDir, { name, kind: kind.kind, profile: env.profile, origin: env.origin, account });
  const journal = await readJournal(path, name);
  const lastEnd = journal.ends.at(-1);
  if (lastEnd && lastEnd.hash === env.input.hash && lastEnd.failed + lastEnd.inDoubt + lastEnd.pending === 0 && !journal.torn && !options.dryRun) throw finishedError(name, journal);

  const applied = new Map([...journal.rows].filter(([, r]) => r.state === 'done' || r.state === 'in-doubt'));
  const problems: string[] = [];
  let problemCount = 0;
  let total = 0;
  const counts = { toSend: 0, inDoubt: 0 };
  for await (const row of identified(kind, rows())) {
    total++;
    if (row.problem) {
      if (++problemCount <= MAX_LISTED) problems.push(`line ${row.line}: ${row.problem}`);
      continue;
    }
    const state = journal.rows.get(row.id!)?.state;
    applied.delete(row.id!);
    if (state === 'in-doubt') counts.inDoubt++;
    else if (state !== 'done') counts.toSend++;
  }
  if (total === 0) throw new UsageError(`no rows in ${env.input.label}`, 'a header alone is not a batch: check that the export worked');
  if (problemCount > 0) {
    const more = problemCount > MAX_LISTED ? `\n  … and ${problemCount - MAX_LISTED} more` : '';
    throw new UsageError(`${env.input.label}: ${problemCount} row(s) are not valid; nothing was sent:\n  ${problems.join('\n  ')}${more}`, 'fix those rows and run the same command again');
  }
  if (applied.size > 0) {
    const listed = [...applied.values()].slice(0, MAX_LISTED).map((r) => `line ${r.line ?? '?'} (${whatText(r)}): ${r.state === 'done' ? 'applied' : 'in doubt'}`);
    throw new UsageError(
      `${applied.size} row(s) of batch "${name}" that were applied (or may have been) are changed or gone from the input; nothing was sent:\n  ${listed.join('\n  ')}`,
      'editing a file cannot take back a move: put those rows back as they were, or run the new rows under a new --batch name',
    );
  }
  if (counts.toSend === 0 && counts.inDoubt === 0 && !options.dryRun) throw finishedError(name, journal);
  return { name, path, journal, total, counts, kind, account };
}

/** Pass two: sends every row that is not done (rows in doubt only when asked), a few at a time. */
export async function send<Row>(prepared: Prepared<Row>, request: BatchRequest, env: BatchEnv, rows: Rows, label: string): Promise<BatchOutcome> {
  const { name, path, kind } = prepared;
  if (request.retryInDoubt && prepared.counts.inDoubt > 0) {
    const yes = await env.confirm(`Send again the ${prepared.counts.inDoubt} row(s) of batch "${name}" that are in doubt? Only if you checked they were not applied.`);
    if (!yes) throw new InterruptedError('nothing was sent');
  }
  const { lockBatch } = await import('./lock.js');
  const release = lockBatch(`${path}.lock`, name);
  const progress = new Progress(label, env.progress);
  progress.total = prepared.total;
  const problems: RowResult[] = [];
  let units = 0;
  let journal: Pick<Journal, 'mark' | 'note' | 'close'> | undefined;
  let stop: unknown;
  let stopped = false;
  let halted = false;
  const tally = () => {
    const { done, failed, inDoubt, skipped } = progress.counts;
    return { done, failed, inDoubt, skipped, pending: prepared.total - done - failed - inDoubt - skipped };
  };
  const report = async (result: RowResult) => {
    if (result.status !== 'pending') progress.tick(result.status === 'done' ? 'done' : result.status === 'skipped' ? 'skipped' : result.status === 'in-doubt' ? 'inDoubt' : 'failed');
    if (result.status !== 'done' && result.status !== 'skipped') problems.push(result);
    await env.onResult(result);
  };
  try {
    // Read again under the lock: another run may have finished rows since pass one.
    const current = await readJournal(path, name);
    journal = env.openJournal ? await env.openJournal(path, current.validBytes) : await Journal.open(path, { validBytes: current.validBytes, file: env.journalFile });
    if (!current.header) await journal.note({ batch: { name, kind: kind.kind, profile: env.profile, origin: env.origin, account: prepared.account, created: new Date().toISOString() } });
    if (current.torn) await journal.note({ torn: { at: new Date().toISOString(), row: current.torn.row ?? null } });
    if (current.torn?.row) await journal.mark(current.torn.row, { s: 'doubt', e: 'its last journal record was cut short by a crash' });
    await journal.note({ run: { at: new Date().toISOString(), pid: process.pid, host: (await import('node:os')).hostname(), hash: env.input.hash, file: env.input.label } });
    const j = journal;
    const work = async (item: { line: number; row?: Row; id?: string; ident?: Identified }) => {
      const msku = typeof item.ident?.what.msku === 'string' ? item.ident.what.msku : null;
      const entry = current.rows.get(item.id!);
      const result = (status: RowStatus, error?: string, extra: Record<string, unknown> = {}): RowResult => ({ line: item.line, msku, status, ...(error ? { error } : {}), ...extra });
      if (entry?.state === 'done') return report(result('skipped', 'done in an earlier run'));
      if (entry?.state === 'in-doubt' && !request.retryInDoubt) {
        return report(result('in-doubt', `sent in an earlier run without a sure answer: check it, then \`inv batch resolve "${name}" --line ${item.line} --applied|--not-applied\``));
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
        const mark = verdict.state === 'pending' ? { s: 'unsent', e: verdict.message } : { s: verdict.state === 'in-doubt' ? 'doubt' : verdict.state, e: verdict.message };
        let markError: unknown;
        await j.mark(item.id!, mark).catch((e: unknown) => (markError = e));
        await report(result(verdict.state, verdict.state === 'done' ? undefined : verdict.message));
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
    };
    const { runPool } = await import('./pool.js');
    try {
      ({ stopped } = await runPool(identified(kind, rows()), work, { concurrency: request.concurrency, signal: env.signal }));
    } catch (error) {
      stop = error;
    }
    const { done, failed, inDoubt, skipped, pending } = tally();
    await journal.note({ end: { at: new Date().toISOString(), done: done + skipped, failed, inDoubt, pending, units, hash: env.input.hash } }).catch((error: unknown) => {
      stop ??= error;
    });
  } finally {
    progress.finish();
    try {
      await journal?.close();
    } finally {
      release();
    }
  }
  const { done, failed, inDoubt, skipped, pending } = tally();
  const summary = { batch: name, rows: prepared.total, done, failed, inDoubt, skipped, pending, stopped: stopped || stop !== undefined, seconds: Number(progress.seconds.toFixed(2)), journal: path };
  const line = `${done} done, ${failed} failed, ${inDoubt} in doubt, ${skipped} skipped (done earlier)${pending ? `, ${pending} not sent` : ''} in ${summary.seconds} s — batch "${name}"`;
  let error: InvError | undefined;
  if (stop !== undefined) {
    if (!(stop instanceof InvError)) throw stop;
    error = stop;
  } else if (stopped) error = new InterruptedError('stopped before the end: the journal is kept; run the same command again to continue');
  else if (failed + inDoubt > 0) {
    error = new BatchIncompleteError(
      `${failed} row(s) failed and ${inDoubt} are in doubt`,
      `fix the failed rows in the file and run the same command again (done rows are skipped); check rows in doubt with \`inv batch show "${name}"\``,
    );
  }
  return { summary, problems, line, error };
}
