/**
 * Manifest scouting: every row of a `code,cost[,qty]` file scouted a few at a time, paced down on 429s,
 * each answered row journaled so that a run killed midway resumes without asking again.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RateLimitError, UsageError } from '../errors.js';
import { matchColumns, readRows, type InputRow } from '../batch/input.js';
import { runPool } from '../batch/pool.js';
import { blank, type Scout, type ScoutResult } from './engine.js';
import { Pacer } from './pacer.js';
import { COST_RULE, parseCost } from './scan-line.js';

export interface ManifestRow {
  line: number;
  code: string;
  cost: number;
  qty: number;
}

export interface ManifestResult extends ScoutResult {
  line: number;
  qty: number;
}

export interface ManifestOptions {
  file: string;
  /** Where the journal goes (the state directory). */
  stateDir: string;
  /** Profile and research origin: one journal per manifest and account. */
  scope: string;
  concurrency: number;
  defaultCost?: number;
  signal: AbortSignal;
  stdin: NodeJS.ReadableStream;
  /** --delimiter; sniffed when absent. */
  delimiter?: string;
  /** Told how many rows were skipped because every cell was empty. */
  skipped?: (count: number) => void;
  /** Told of each row as it finishes (fresh, or read back from the journal). */
  onRow?: (result: ManifestResult, fresh: boolean) => void;
}

/** A manifest row, checked: a code, a cost (or the default) and a whole quantity (default 1). */
export function manifestRow(row: InputRow, defaultCost: number | undefined): ManifestRow | { line: number; error: string } {
  if (row.error || !row.record) return { line: row.line, error: row.error ?? 'unreadable row' };
  const r = row.record as Record<string, string | undefined>;
  const code = r.code?.trim();
  if (!code) return { line: row.line, error: 'code is empty' };
  const costText = r.cost?.trim();
  const cost = costText === undefined ? defaultCost : parseCost(costText);
  if (costText !== undefined && cost === undefined) return { line: row.line, error: `cost "${costText}" ${COST_RULE}` };
  if (cost === undefined) return { line: row.line, error: 'no cost: add a cost column or pass --cost' };
  const qtyText = r.qty?.trim();
  if (qtyText !== undefined && !/^\d{1,7}$/.test(qtyText)) return { line: row.line, error: `qty "${qtyText}" must be a whole number` };
  return { line: row.line, code, cost, qty: qtyText === undefined ? 1 : Number(qtyText) };
}

/** The journal of a manifest for a scope: one JSON line per answered row. */
export function journalFile(stateDir: string, file: string, scope: string): string {
  const key = createHash('sha256').update(`scout\0${scope}\0${file}`).digest('hex').slice(0, 32);
  return join(stateDir, 'journals', `scout-${key}.ndjson`);
}

/** Rows answered before, keyed "line:code:cost"; a torn last line is ignored. */
function readJournal(path: string): Map<string, ManifestResult[]> {
  const done = new Map<string, ManifestResult[]>();
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return done;
  }
  for (const line of text.split('\n')) {
    try {
      const entry = JSON.parse(line) as { key: string; results: ManifestResult[] };
      done.set(entry.key, entry.results);
    } catch {
      // a line cut by a kill: that row is asked again
    }
  }
  return done;
}

const keyOf = (row: ManifestRow) => `${row.line}:${row.code}:${row.cost}`;

/** Scouts every row; resolves to every result (journaled ones included) ranked by profit, and whether it was stopped. */
export async function scoutManifest(scout: Scout, options: ManifestOptions): Promise<{ results: ManifestResult[]; stopped: boolean; journal: string; resumed: number }> {
  const journal = journalFile(options.stateDir, options.file === '-' ? 'stdin' : options.file, options.scope);
  mkdirSync(join(options.stateDir, 'journals'), { recursive: true, mode: 0o700 });
  const done = readJournal(journal);
  const out = createWriteStream(journal, { flags: 'a', mode: 0o600 });
  const results: ManifestResult[] = [];
  const pacer = new Pacer(options.concurrency);
  let resumed = 0;
  const rows = readRows(options.file, options.stdin, {
    format: 'csv',
    delimiter: options.delimiter,
    skipped: options.skipped,
    header: (header) => {
      const columns = matchColumns(header, ['code', 'cost', 'qty']);
      if (!columns.includes('code')) throw new UsageError(`${options.file}: the header has no "code" column (expected code,cost[,qty])`);
      const unknown = columns.filter((c) => !['code', 'cost', 'qty'].includes(c));
      if (unknown.length) throw new UsageError(`${options.file}: unknown column(s) ${unknown.join(', ')}; expected code,cost[,qty]`);
      return columns;
    },
  });
  const work = async (input: InputRow) => {
    const row = manifestRow(input, options.defaultCost);
    if ('error' in row) {
      const code = typeof input.record?.code === 'string' ? input.record.code.trim() : '';
      const r = { ...blank(code, null, 0, [`line ${row.line}: ${row.error}`]), line: row.line, qty: 0 };
      results.push(r);
      options.onRow?.(r, true);
      return;
    }
    const before = done.get(keyOf(row));
    if (before) {
      resumed++;
      for (const r of before) {
        results.push(r);
        options.onRow?.(r, false);
      }
      return;
    }
    const fresh = (await pacedScan(scout, row, pacer, options.signal)).map((r) => ({ ...r, line: row.line, qty: row.qty }));
    out.write(JSON.stringify({ key: keyOf(row), results: fresh }) + '\n');
    for (const r of fresh) {
      results.push(r);
      options.onRow?.(r, true);
    }
  };
  let stopped: boolean;
  try {
    ({ stopped } = await runPool(rows, work, { concurrency: options.concurrency, signal: options.signal }));
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  results.sort((a, b) => (b.profit ?? -Infinity) - (a.profit ?? -Infinity) || a.line - b.line);
  return { results, stopped, journal, resumed };
}

/** Scans one row, waiting for the pacer; a 429 that outlasts the retries slows the pace and tries the row again. */
async function pacedScan(scout: Scout, row: ManifestRow, pacer: Pacer, signal: AbortSignal): Promise<ScoutResult[]> {
  for (;;) {
    await pacer.acquire(signal);
    try {
      const results = await scout.scan(row.code, row.cost);
      pacer.release(true);
      return results;
    } catch (error) {
      pacer.release(false);
      if (!(error instanceof RateLimitError) || signal.aborted) throw error;
    }
  }
}
