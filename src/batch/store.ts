/** The batches kept in the state directory: listing, finding by name, marking a row after a check, pruning. */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError, UsageError } from '../errors.js';
import { batchesDir } from './identity.js';
import { Journal } from './journal.js';
import { lockHeld } from './lock.js';
import { readBatchFile, type BatchFile, type RowEntry } from './journal-read.js';

export interface BatchInfo {
  name: string;
  kind: string;
  state: 'finished' | 'incomplete' | 'running' | 'damaged';
  done: number;
  failed: number;
  inDoubt: number;
  /** Rows the last run did not send. */
  pending: number;
  firstRun: string | null;
  lastRun: string | null;
  origin: string;
  account: string;
  path: string;
}

/** Every batch journal of `profile`, newest run first. */
export async function listBatches(stateDir: string, profile: string): Promise<Array<{ info: BatchInfo; file: BatchFile }>> {
  const dir = batchesDir(stateDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: Array<{ info: BatchInfo; file: BatchFile }> = [];
  for (const entry of names.filter((n) => n.endsWith('.journal'))) {
    const file = await readBatchFile(join(dir, entry));
    if (!file.header || file.header.profile !== profile) continue;
    found.push({ info: infoOf(file), file });
  }
  return found.sort((a, b) => String(b.info.lastRun).localeCompare(String(a.info.lastRun)));
}

function infoOf(file: BatchFile): BatchInfo {
  const count = (state: RowEntry['state']) => [...file.rows.values()].filter((r) => r.state === state).length;
  const end = file.ends.at(-1);
  const pending = count('pending') + (end?.pending ?? 0);
  const [done, failed, inDoubt] = [count('done'), count('failed'), count('in-doubt')];
  const state = file.damage ? 'damaged' : lockHeld(`${file.path}.lock`) ? 'running' : failed + inDoubt + pending === 0 && end ? 'finished' : 'incomplete';
  return {
    name: file.header!.name, kind: file.header!.kind, state, done, failed, inDoubt, pending,
    firstRun: file.runs[0]?.at ?? null, lastRun: file.runs.at(-1)?.at ?? null,
    origin: file.header!.origin, account: file.header!.account, path: file.path,
  };
}

/** The batch of `profile` named `name`; with several (other servers or accounts), the one for `origin`. */
export async function findBatch(stateDir: string, profile: string, name: string, origin?: string): Promise<{ info: BatchInfo; file: BatchFile }> {
  const all = (await listBatches(stateDir, profile)).filter((b) => b.info.name === name);
  if (all.length === 0) throw new NotFoundError(`no batch named "${name}" in profile "${profile}"`, 'see `inv batch list`');
  if (all.length === 1) return all[0]!;
  const here = all.filter((b) => b.info.origin === origin);
  if (here.length === 1) return here[0]!;
  throw new UsageError(`"${name}" names ${all.length} batches (${all.map((b) => `${b.info.kind} on ${b.info.origin} as ${b.info.account}`).join('; ')})`, 'use the profile (or --base-url) of the server you mean');
}

/** After the user checked a row in doubt: applied → done; not applied → failed, so a rerun sends it. */
export async function resolveRow(batch: { info: BatchInfo; file: BatchFile }, line: number, applied: boolean): Promise<RowEntry> {
  const { file, info } = batch;
  if (file.damage) throw new UsageError(`the journal of batch "${info.name}" is damaged at record ${file.damage.record}: it cannot be changed`);
  const rows = [...file.rows.values()].filter((r) => r.line === line && r.state === 'in-doubt');
  if (rows.length === 0) {
    const inDoubt = [...file.rows.values()].filter((r) => r.state === 'in-doubt').map((r) => r.line);
    throw new UsageError(`line ${line} of batch "${info.name}" is not in doubt`, inDoubt.length ? `rows in doubt are on lines ${inDoubt.slice(0, 20).join(', ')}` : 'no row of this batch is in doubt');
  }
  const { lockBatch } = await import('./lock.js');
  const release = lockBatch(`${file.path}.lock`, info.name);
  try {
    const journal = await Journal.open(file.path, { validBytes: file.validBytes });
    try {
      await journal.mark(rows[0]!.id, applied ? { s: 'done', by: 'resolve' } : { s: 'failed', by: 'resolve', e: 'marked not applied after a check' });
    } finally {
      await journal.close();
    }
  } finally {
    release();
  }
  return { ...rows[0]!, state: applied ? 'done' : 'failed' };
}

/**
 * Removes the journals of finished batches whose last run is older than `days`. A batch with rows in
 * doubt, failed or not sent is kept unless `force`: without its journal a rerun would send its done rows
 * again. A batch being run is always kept.
 */
export async function pruneBatches(stateDir: string, profile: string, days: number, force = false, now = Date.now()): Promise<{ removed: BatchInfo[]; kept: BatchInfo[] }> {
  const removed: BatchInfo[] = [];
  const kept: BatchInfo[] = [];
  for (const { info } of await listBatches(stateDir, profile)) {
    const last = info.lastRun ? Date.parse(info.lastRun) : (await stat(info.path)).mtimeMs;
    if (info.state === 'running' || now - last < days * 86_400_000) continue;
    if (info.state !== 'finished' && !force) {
      kept.push(info);
      continue;
    }
    await unlink(info.path);
    await unlink(`${info.path}.lock`).catch(() => undefined);
    removed.push(info);
  }
  await (await import('./spool.js')).sweepSpool(join(stateDir, 'spool'));
  return { removed, kept };
}
