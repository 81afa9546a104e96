/**
 * Pass one of a batch run: reads the whole input, refusing it before anything is sent when it is
 * malformed; finds the batch it belongs to by what its rows do (a continuation, a refused repeat, or
 * a new batch); reads that batch's journal and what the server's anchor holds beyond it.
 */
import { hostname } from 'node:os';
import { BatchRefusedError, JournalDamagedError, UsageError } from '../errors.js';
import { Anchor } from './anchor.js';
import { appliedCount, catalogue, type BatchEntry } from './catalogue.js';
import { IdSet } from './id-set.js';
import { chooseBatch, refuseRepeat } from './choose.js';
import { describeEdits } from './edits.js';
import { batchPath, defaultBatchName, newBatchId, serverKey } from './identity.js';
import { readBatchFile, type BatchFile } from './journal-read.js';
import type { BatchEnv, BatchKind, BatchRequest, Rows } from './batch-types.js';
import { identified } from './identified.js';
import type { JournalState } from './row-states.js';

const MAX_LISTED = 20;

/** Reads the batch's journal, refusing one whose records cannot all be read. */
export async function readJournal(path: string, name: string): Promise<BatchFile> {
  const journal = await readBatchFile(path);
  if (journal.damage) {
    const { record, offset } = journal.damage;
    throw new JournalDamagedError(
      [
        `the journal of batch "${name}" is damaged at record ${record} (byte ${offset} of ${path}):`,
        'the state of some rows cannot be read, so nothing was sent',
      ].join(' '),
      [
        `see what it still holds with \`inv batch show "${name}"\`, check those moves on the server,`,
        'and run the rows left under a new --batch name',
      ].join(' '),
    );
  }
  return journal;
}

export interface Prepared<Row> {
  /** The batch's own id (its anchor on the server is named after it). */
  id: string;
  name: string;
  path: string;
  journal: BatchFile;
  total: number;
  counts: { toSend: number; inDoubt: number };
  /** Rows of the journal, failed or not sent, that the input no longer holds: marked dropped when the run starts. */
  absent: string[];
  /** The account the batch runs as (read once, in pass one). */
  account: string;
  kind: BatchKind<Row>;
  /** The earlier batch this run continues (undefined: a new batch), and whether it was found by its rows rather than its name. */
  continues?: { entry: BatchEntry; byContent: boolean };
  /** The server's anchor, and the ids of rows in windows the journal lost (in doubt). */
  anchor?: Anchor;
  recovered: { ids: Set<string>; windows: number };
}

/** Reads every row, refusing the input when any is not valid: the rows' ids and their count. */
async function scan<Row>(kind: BatchKind<Row>, rows: Rows, label: string): Promise<{ ids: IdSet; total: number }> {
  const ids = new IdSet();
  const problems: string[] = [];
  let problemCount = 0;
  let total = 0;
  for await (const row of identified(kind, rows())) {
    total++;
    if (row.problem) {
      if (++problemCount <= MAX_LISTED) problems.push(`line ${row.line}: ${row.problem}`);
    } else ids.addHex(row.id!);
  }
  if (total === 0)
    throw new BatchRefusedError(`no rows in ${label}`, 'a header alone is not a batch: check that the export worked', {
      outcome: 'invalid',
      rows: 0,
    });
  if (problemCount > 0) {
    const more = problemCount > MAX_LISTED ? `\n  … and ${problemCount - MAX_LISTED} more` : '';
    throw new BatchRefusedError(
      `${label}: ${problemCount} row(s) are not valid; nothing was sent:\n  ${problems.join('\n  ')}${more}`,
      'fix those rows and run the same command again',
      {
        outcome: 'invalid',
        rows: total,
        invalid: problemCount,
      },
    );
  }
  return { ids, total };
}

/** Pass one: finds the batch, reads its journal and the whole input; throws before anything is sent when either is wrong. */
export async function prepare<Row>(
  kind: BatchKind<Row>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  options: { dryRun?: boolean } = {},
): Promise<Prepared<Row>> {
  if (request.name !== undefined && !request.name.trim()) throw new UsageError('--batch needs a name');
  const dryRun = Boolean(options.dryRun);
  const account = await env.account();
  const entries = await catalogue(env.stateDir, kind.kind, serverKey(env.origin), account);
  // The very bytes of a finished batch (the same file again, renamed, piped, from another profile): refused
  // before its rows are read, so that the refusal costs no request.
  const same = entries.find(
    (e) => e.finished && e.hash === env.input.hash && (request.name === undefined || request.name === e.name),
  );
  if (same && !request.again && !dryRun) refuseRepeat(same, appliedCount(same));
  const { ids, total } = await scan(kind, rows, env.input.label);
  const { entry, byContent, ...batch } = await openBatch(kind, request, env, entries, ids, dryRun);
  const { name, journal, recovered } = batch;
  const stateOf = (hex: string) => {
    const state = journal.rows.get(hex)?.state;
    return state !== 'done' && recovered.ids.has(hex) ? 'in-doubt' : state;
  };
  const counts = await countRows(kind, rows, { name, journal, total, ids, recovered: recovered.ids, stateOf });
  if (counts.toSend === 0 && counts.inDoubt === 0 && !dryRun && entry) refuseRepeat(entry, total);
  const absent = [...journal.rows.values()]
    .filter((r) => ['failed', 'pending'].includes(stateOf(r.id) ?? '') && !ids.hasHex(r.id))
    .map((r) => r.id);
  const continues = entry ? { entry, byContent } : undefined;
  return { ...batch, total, counts, absent, kind, account, continues };
}

/** The batch this input belongs to (an earlier one, or a new one), its journal, and what the server's anchor holds beyond it. */
async function openBatch<Row>(
  kind: BatchKind<Row>,
  request: BatchRequest,
  env: BatchEnv,
  entries: BatchEntry[],
  ids: IdSet,
  dryRun: boolean,
) {
  const defaultName = defaultBatchName(request.file, env.input.hash);
  const { batch: entry, byContent } = chooseBatch(entries, ids, {
    name: request.name,
    defaultName,
    again: Boolean(request.again),
  });
  const id = entry?.id ?? newBatchId();
  const name = entry?.name ?? request.name ?? defaultName;
  const path = entry?.path ?? batchPath(env.stateDir, kind.kind, id);
  const journal = entry ? await readJournal(path, name) : await readBatchFile(path);
  const anchor = env.settings
    ? new Anchor(env.settings, id, { host: env.host ?? hostname(), pid: process.pid }, env.warn)
    : undefined;
  const recovered =
    entry && anchor && !dryRun
      ? await anchor.recover({ reserved: journal.reserved, bytes: journal.validBytes })
      : { ids: new Set<string>(), windows: journal.reserved };
  return { entry, byContent, id, name, path, journal, anchor, recovered };
}

/**
 * The input's rows to send and in doubt, by each row's state (`stateOf`: the journal's, or in doubt when the anchor
 * holds it); refuses the input when it changed or lost rows that were applied (or may have been).
 */
async function countRows<Row>(
  kind: BatchKind<Row>,
  rows: Rows,
  batch: {
    name: string;
    journal: BatchFile;
    total: number;
    ids: IdSet;
    recovered: Set<string>;
    stateOf: (hex: string) => JournalState | undefined;
  },
): Promise<Prepared<Row>['counts']> {
  const { journal, stateOf } = batch;
  const applied = new Set(
    [...journal.rows.values()].filter((r) => stateOf(r.id) === 'done' || stateOf(r.id) === 'in-doubt').map((r) => r.id),
  );
  for (const hex of batch.recovered) if (stateOf(hex) === 'in-doubt') applied.add(hex);
  const counts = { toSend: 0, inDoubt: 0 };
  for (const hex of batch.ids.hexes()) {
    const state = stateOf(hex);
    applied.delete(hex);
    if (state === 'in-doubt') counts.inDoubt++;
    else if (state !== 'done') counts.toSend++;
  }
  if (applied.size > 0) {
    const listed = await describeEdits(kind, rows, journal, [...applied], MAX_LISTED);
    throw new BatchRefusedError(
      [
        `${applied.size} row(s) of batch "${batch.name}" that were applied (or may have been)`,
        `are changed or gone from the input; nothing was sent:\n  ${listed.join('\n  ')}`,
      ].join(' '),
      [
        'editing a file cannot take back a move: put those rows back as they were and give new moves a file of their own',
        '(--again applies the whole file anew)',
      ].join(' '),
      { outcome: 'invalid', reason: 'edited', batch: batch.name, rows: batch.total, changed: applied.size },
    );
  }
  return counts;
}
