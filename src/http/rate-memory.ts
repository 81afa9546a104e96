/**
 * Rates learnt by earlier runs (docs/decisions.md, 19. Rate limits and outages), kept in a file of the state directory
 * by server (one spelling of its address) and operation, so that the next run against them starts at that rate.
 */
import { readFileSync } from 'node:fs';
import { ensureOwnDir } from '../util/own-dir.js';
import { dirname, join } from 'node:path';
import { Pacer, sendingAtMost } from './pacer.js';
import { serverKey } from './url.js';
import { writeWholeSync } from '../util/atomic-write.js';

/** How long a learnt rate is trusted, and how many are kept (the latest). */
export const RATE_MEMORY = { keepMs: 30 * 86_400_000, entries: 200, maxRate: 1_000_000 } as const;

interface Entry {
  rate: number;
  /** When it was learnt (ms since the epoch). */
  at: number;
}

/** The file learnt rates are kept in. */
export function ratesFile(stateDir: string): string {
  return join(stateDir, 'rates.json');
}

/** The key of a server's operation: the server as `serverKey` spells it, then the operation ("POST /v1/doMoveItem"). */
export function rateKey(origin: string, operation: string): string {
  return `${serverKey(origin)} ${operation}`;
}

/** The rate learnt for `key` within RATE_MEMORY.keepMs of `now`, if any. */
export function readLearntRate(file: string, key: string, now = Date.now()): number | undefined {
  return entries(file, now)[key]?.rate;
}

/**
 * Keeps `rate` for `key` (null: forgets it), written atomically, 0600. Best effort: a rate that cannot be kept is found
 * again by the next run.
 */
export function writeLearntRate(file: string, key: string, rate: number | null, now = Date.now()): void {
  const kept = entries(file, now);
  delete kept[key];
  if (rate !== null && isRate(rate)) kept[key] = { rate, at: now };
  const latest = Object.entries(kept)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, RATE_MEMORY.entries);
  try {
    ensureOwnDir(dirname(file));
    writeWholeSync(file, JSON.stringify({ version: 1, rates: Object.fromEntries(latest) }));
  } catch {
    // a full or read-only disk: the next run finds the rate again
  }
}

/** The entries of the file that make sense and are recent enough; none when it is missing or unreadable. */
function entries(file: string, now: number): Record<string, Entry> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const rates = (parsed as { rates?: unknown } | null)?.rates;
  if (!rates || typeof rates !== 'object') return {};
  const kept: Record<string, Entry> = {};
  for (const [key, value] of Object.entries(rates as Record<string, unknown>)) {
    const { rate, at } = (value ?? {}) as Partial<Entry>;
    if (isRate(rate) && typeof at === 'number' && at <= now && now - at < RATE_MEMORY.keepMs) kept[key] = { rate, at };
  }
  return kept;
}

/** Whether `value` is a rate worth starting at: a number of requests per second above 0, and not absurd. */
function isRate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= RATE_MEMORY.maxRate;
}

/**
 * A pacer for `operation` at `origin` that starts at the rate the last run learnt there (said through `say`), and `keep`,
 * which stores what it learnt for the next run.
 */
export function learntPacer(
  stateDir: string,
  origin: string,
  operation: string,
  say: (line: string) => void,
): { pacer: Pacer; keep: () => void } {
  const [file, key] = [ratesFile(stateDir), rateKey(origin, operation)];
  const start = readLearntRate(file, key);
  const pacer = new Pacer({ onPause: say, start });
  if (start !== undefined) say(`${sendingAtMost(start)}, the rate learnt by the last run against this server`);
  return { pacer, keep: () => pacer.learnt !== undefined && writeLearntRate(file, key, pacer.learnt) };
}
