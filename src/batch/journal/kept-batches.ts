/** The batches kept in the state directory: listing, finding by name, marking a row after a check, pruning. */
import { readdir, stat, unlink } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { NotFoundError, UsageError } from '../../errors.js';
import { batchesDir, serverKey } from '../identity/identity.js';
import { openBatchJournal } from './batch-journal.js';
import { lockBatch } from './batch-lock.js';
import { lockHeld } from '../../util/file-lock.js';
import { byCodeUnits } from '../../util/compare.js';
import { countsOf, readBatchFile, type BatchFile, type RowEntry } from './journal-read.js';
import { markOf } from './row-states.js';
import { sweepSpool } from '../input/spool.js';

export interface BatchInfo {
  name: string;
  kind: string;
  state: 'finished' | 'incomplete' | 'running' | 'damaged';
  /** Rows of the last run's input (done + failed + in doubt + not sent). */
  total: number;
  done: number;
  failed: number;
  inDoubt: number;
  /** Rows of the input never sent (or refused before they left). */
  pending: number;
  firstRun: string | null;
  lastRun: string | null;
  /** The profile of its last run. */
  profile: string;
  origin: string;
  account: string;
  path: string;
}

/** Every batch journal run against `origin` (any spelling of it, any profile; every server when undefined), newest run first. */
export async function listBatches(
  stateDir: string,
  origin: string | undefined,
): Promise<Array<{ info: BatchInfo; file: BatchFile }>> {
  const server = origin === undefined ? undefined : serverKey(origin);
  const dir = batchesDir(stateDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: Array<{ info: BatchInfo; file: BatchFile }> = [];
  for (const entry of names.filter((n) => n.endsWith('.journal'))) {
    const file = await readBatchFile(join(dir, entry));
    if (!file.header || (server !== undefined && serverKey(file.header.origin) !== server)) continue;
    found.push({ info: infoOf(file), file });
  }
  return found.sort((a, b) => byCodeUnits(String(b.info.lastRun), String(a.info.lastRun)));
}

/** What `inv batch list` and `show` tell of a batch. */
function infoOf(file: BatchFile): BatchInfo {
  const { total, done, failed, inDoubt, pending, finished } = countsOf(file);
  const state = file.damage
    ? 'damaged'
    : lockHeld(`${file.path}.lock`)
      ? 'running'
      : finished
        ? 'finished'
        : 'incomplete';
  return {
    name: file.header!.name,
    kind: file.header!.kind,
    state,
    total,
    done,
    failed,
    inDoubt,
    pending,
    firstRun: file.runs[0]?.at ?? null,
    lastRun: file.runs.at(-1)?.at ?? null,
    profile: file.runs.at(-1)?.profile ?? file.header!.profile,
    origin: file.header!.origin,
    account: file.header!.account,
    path: file.path,
  };
}

/**
 * The batches `name` stands for: a batch name as it is, else a file name as typed (from the current
 * directory), else the base name of exactly one batch's file.
 */
function named(
  batches: Array<{ info: BatchInfo; file: BatchFile }>,
  name: string,
): Array<{ info: BatchInfo; file: BatchFile }> {
  for (const candidate of [name, resolve(name)]) {
    const found = batches.filter((b) => b.info.name === candidate);
    if (found.length > 0) return found;
  }
  // Windows names a file whatever the case it is typed in (C:\Moves.csv is c:\moves.csv).
  if (process.platform === 'win32') {
    const found = batches.filter((b) => b.info.name.toLowerCase() === resolve(name).toLowerCase());
    if (found.length > 0) return found;
  }
  if (basename(name) !== name) return [];
  const same = (a: string) => (process.platform === 'win32' ? a.toLowerCase() === name.toLowerCase() : a === name);
  const found = batches.filter((b) => same(basename(b.info.name)));
  const names = [...new Set(found.map((b) => b.info.name))];
  if (names.length > 1) {
    throw new UsageError(
      `"${name}" is the file name of ${names.length} batches: ${names.map((n) => `"${n}"`).join(', ')}`,
      'give the path of the one you mean (or run the command from its folder)',
    );
  }
  return found;
}

/**
 * The batch named `name` (or its file, see `named`) run against `origin`; with several of one name (a repeat run
 * with --again), the newest.
 */
export async function findBatch(
  stateDir: string,
  name: string,
  origin: string | undefined,
): Promise<{ info: BatchInfo; file: BatchFile }> {
  const all = named(await listBatches(stateDir, origin), name);
  if (all.length === 0)
    throw new NotFoundError(`no batch named "${name}"${origin ? ` on ${origin}` : ''}`, 'see `inv batch list`');
  const accounts = new Set(all.map((b) => b.info.account));
  if (accounts.size > 1)
    throw new UsageError(
      `"${all[0]!.info.name}" names batches of ${accounts.size} accounts (${[...accounts].join(', ')})`,
      'use the profile (or --base-url) of the server and account you mean',
    );
  return all[0]!;
}

/** Which rows `inv batch resolve` settles: one by its id, or those on lines `from`..`to` of the input. */
export type RowPick = { row: string } | { from: number; to: number };

function described(r: RowEntry): string {
  const value = (k: string, v: unknown) =>
    (k === 'from' || k === 'to') && /^\d+$/.test(String(v)) ? `location ${String(v)}` : String(v);
  const what = r.what
    ? Object.entries(r.what)
        .map(([k, v]) => `${k} ${value(k, v)}`)
        .join(', ')
    : 'not recorded';
  return `row ${r.id} (${r.state}, line ${r.line ?? '?'}: ${what})`;
}

/** The rows in doubt that `pick` names; throws, naming the candidates, when a line names more than one row. */
function picked(batch: { info: BatchInfo; file: BatchFile }, pick: RowPick): RowEntry[] {
  const { file, info } = batch;
  const live = [...file.rows.values()].filter((r) => r.state !== 'dropped');
  if ('row' in pick) {
    const row = live.find((r) => r.id === pick.row);
    if (!row)
      throw new UsageError(
        `batch "${info.name}" has no row ${pick.row}`,
        `row ids are in the row column of \`inv batch show "${info.name}"\``,
      );
    if (row.state !== 'in-doubt') throw new UsageError(`${described(row)} of batch "${info.name}" is not in doubt`);
    return [row];
  }
  const lines = pick.from === pick.to ? `line ${pick.from}` : `lines ${pick.from}-${pick.to}`;
  const inRange = live.filter((r) => r.line !== undefined && r.line >= pick.from && r.line <= pick.to);
  const byLine = new Map<number, RowEntry[]>();
  for (const r of inRange) byLine.set(r.line!, [...(byLine.get(r.line!) ?? []), r]);
  const shared = [...byLine].filter(([, rows]) => rows.length > 1);
  if (shared.length > 0) {
    const listed = shared
      .slice(0, 10)
      .map(([line, rows]) => `line ${line} is recorded by ${rows.length} rows: ${rows.map(described).join('; ')}`);
    const why = 'rows were inserted or removed between runs';
    throw new UsageError(
      `batch "${info.name}": ${lines} cannot name a row by its line (${why}); nothing was changed:\n  ${listed.join('\n  ')}`,
      `name the row with --row ID (ids from \`inv batch show "${info.name}"\`)`,
    );
  }
  const rows = inRange.filter((r) => r.state === 'in-doubt');
  if (rows.length === 0) {
    const inDoubt = live.filter((r) => r.state === 'in-doubt').map((r) => `line ${r.line ?? '?'} (row ${r.id})`);
    throw new UsageError(
      `no row on ${lines} of batch "${info.name}" is in doubt`,
      inDoubt.length ? `rows in doubt: ${inDoubt.slice(0, 20).join(', ')}` : 'no row of this batch is in doubt',
    );
  }
  return rows;
}

/**
 * After the user checked rows in doubt: applied → done; not applied → failed, so a rerun sends them. Rows of the
 * range not in doubt stay as they are.
 */
export async function resolveRows(
  batch: { info: BatchInfo; file: BatchFile },
  pick: RowPick,
  applied: boolean,
): Promise<RowEntry[]> {
  const { info } = batch;
  const release = lockBatch(`${batch.file.path}.lock`, info.name);
  let rows: RowEntry[];
  try {
    // Read again under the lock: a run may have ended since, and opening cuts the file back to what was read.
    const file = await readBatchFile(batch.file.path);
    if (file.damage)
      throw new UsageError(
        `the journal of batch "${info.name}" is damaged at record ${file.damage.record}: it cannot be changed`,
      );
    rows = picked({ info, file }, pick);
    const journal = openBatchJournal(file.path, { validBytes: file.validBytes });
    try {
      const mark = applied
        ? markOf('done', { by: 'resolve' })
        : markOf('failed', { by: 'resolve', error: 'marked not applied after a check' });
      await Promise.all(rows.map((r) => journal.mark(r.id, mark)));
    } finally {
      await journal.close();
    }
  } finally {
    release();
  }
  return rows.map((r) => ({ ...r, state: applied ? 'done' : 'failed' }));
}

/**
 * Removes the journals of finished batches whose last run is older than `days`. A batch with rows in
 * doubt, failed or not sent is kept unless `force`: without its journal a rerun would send its done rows
 * again. A batch being run is always kept.
 */
export async function pruneBatches(
  stateDir: string,
  origin: string | undefined,
  days: number,
  force = false,
  now = Date.now(),
): Promise<{ removed: BatchInfo[]; kept: BatchInfo[] }> {
  const removed: BatchInfo[] = [];
  const kept: BatchInfo[] = [];
  for (const { info } of await listBatches(stateDir, origin)) {
    const last = info.lastRun ? Date.parse(info.lastRun) : (await stat(info.path)).mtimeMs;
    if (info.state === 'running' || now - last < days * 86_400_000) continue;
    if (info.state !== 'finished' && !force) {
      kept.push(info);
      continue;
    }
    await unlink(info.path);
    for (const beside of ['lock', 'idx']) await unlink(`${info.path}.${beside}`).catch(() => undefined);
    removed.push(info);
  }
  await sweepSpool(join(stateDir, 'spool'));
  return { removed, kept };
}
