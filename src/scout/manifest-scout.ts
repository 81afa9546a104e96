/**
 * Manifest scouting: every row of a `code,cost[,qty]` file scouted a few at a time (the research client paces them,
 * docs/decisions.md 19); a row the rate limit outlasted stops taking rows, and the run names the rows not scouted.
 * The research answers are kept by the Scout's answer store, so a run killed midway resumes without
 * asking again what it was told, while every result is worked out afresh from today's options.
 */
import { RateLimitError, UsageError } from '../errors.js';
import { matchColumns, readCsv, type CsvRow } from '../csv/csv-input.js';
import { runPool } from '../batch/sending/pool.js';
import type { ScanTrace } from './answer-cache.js';
import { blank, type Scout, type ScoutResult } from './scan-engine.js';
import { costRule, parseCost } from './scan-line.js';

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
  concurrency: number;
  defaultCost?: number;
  signal: AbortSignal;
  stdin: NodeJS.ReadableStream;
  /** --delimiter; sniffed when absent. */
  delimiter?: string;
  /** Told how many rows were skipped because every cell was empty. */
  skipped?: (count: number) => void;
  /** Told of each row as it finishes (fresh: something was asked for it; else all its answers were kept ones). */
  onRow?: (result: ManifestResult, fresh: boolean) => void;
}

/** A manifest row, checked: a code, a cost (or the default) and a whole quantity (default 1). */
export function manifestRow(
  row: CsvRow,
  defaultCost: number | undefined,
): ManifestRow | { line: number; error: string } {
  const r = row.record as Record<string, string | undefined>;
  const code = r.code?.trim();
  if (!code) return { line: row.line, error: 'code is empty' };
  const costText = r.cost?.trim();
  const cost = costText === undefined ? defaultCost : parseCost(costText);
  if (costText !== undefined && cost === undefined)
    return { line: row.line, error: `cost "${costText}" ${costRule(costText)}` };
  if (cost === undefined) return { line: row.line, error: 'no cost: add a cost column or pass --cost' };
  const qtyText = r.qty?.trim();
  if (qtyText !== undefined && !/^\d{1,7}$/.test(qtyText))
    return { line: row.line, error: `qty "${qtyText}" must be a whole number` };
  return { line: row.line, code, cost, qty: qtyText === undefined ? 1 : Number(qtyText) };
}

/**
 * What a manifest run gives: every result in file order, whether it was stopped, the rows answered wholly from kept
 * answers, and the oldest of those.
 */
export interface ManifestRun {
  results: ManifestResult[];
  stopped: boolean;
  /** The rate limit that outlasted --wait, the lines it left unscouted, and the last line taken from the file. */
  refused?: { error: RateLimitError; lines: number[]; lastTaken: number };
  cached: number;
  oldest?: number;
}

/** Scouts every row; resolves to every result in file order, whether it was stopped, and what came from kept answers. */
export async function scoutManifest(scout: Scout, options: ManifestOptions): Promise<ManifestRun> {
  const results: ManifestResult[] = [];
  const halt = new AbortController();
  let refused: ManifestRun['refused'];
  let lastTaken = 0;
  let cached = 0;
  let oldest: number | undefined;
  const rows = readCsv(options.file, options.stdin, {
    delimiter: options.delimiter,
    skipped: options.skipped,
    header: (header) => {
      const columns = matchColumns(header, ['code', 'cost', 'qty']);
      if (!columns.includes('code'))
        throw new UsageError(`${options.file}: the header has no "code" column (expected code,cost[,qty])`);
      const unknown = columns.filter((c) => !['code', 'cost', 'qty'].includes(c));
      if (unknown.length)
        throw new UsageError(`${options.file}: unknown column(s) ${unknown.join(', ')}; expected code,cost[,qty]`);
      return columns;
    },
  });
  const work = async (input: CsvRow) => {
    lastTaken = Math.max(lastTaken, input.line);
    const row = manifestRow(input, options.defaultCost);
    if ('error' in row) {
      const code = input.record.code?.trim() ?? '';
      const r = { ...blank(code, null, 0, [`line ${row.line}: ${row.error}`]), line: row.line, qty: 0 };
      results.push(r);
      options.onRow?.(r, true);
      return;
    }
    const trace: ScanTrace = { asked: 0 };
    let scanned: ManifestResult[];
    try {
      scanned = (await scout.scan(row.code, row.cost, trace)).map((r) => ({ ...r, line: row.line, qty: row.qty }));
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      // Waited out as long as --wait allows: no row more is taken, the rows in flight finish or are refused too.
      refused ??= { error, lines: [], lastTaken: 0 };
      refused.lines.push(row.line);
      halt.abort();
      return;
    }
    if (trace.asked === 0 && trace.oldest !== undefined) {
      cached++;
      oldest = Math.min(oldest ?? trace.oldest, trace.oldest);
    }
    for (const r of scanned) {
      results.push(r);
      options.onRow?.(r, trace.asked > 0);
    }
  };
  const signal = AbortSignal.any([options.signal, halt.signal]);
  await runPool(rows, work, { concurrency: options.concurrency, signal });
  results.sort((a, b) => a.line - b.line);
  if (refused) [refused.lastTaken, refused.lines] = [lastTaken, refused.lines.sort((a, b) => a - b)];
  return { results, stopped: options.signal.aborted, cached, oldest, ...(refused ? { refused } : {}) };
}

/** What a rate limit left undone: "not scouted: lines 2–4, 7 and any after line 9". */
export function notScouted(refused: NonNullable<ManifestRun['refused']>): string {
  const runs: string[] = [];
  for (let i = 0; i < refused.lines.length;) {
    let j = i;
    while (refused.lines[j + 1] === refused.lines[j]! + 1) j++;
    runs.push(j > i ? `${refused.lines[i]}–${refused.lines[j]}` : String(refused.lines[i]));
    i = j + 1;
  }
  const plural = refused.lines.length > 1 ? 's' : '';
  return `not scouted: line${plural} ${runs.join(', ')} and any after line ${refused.lastTaken}`;
}
