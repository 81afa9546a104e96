/**
 * Nightly replenishment files as a warehouse makes them: each night's moves, where a move of the night before recurs
 * with probability 0.6 and new moves fill the rest, and a clock that a test moves from night to night.
 */
import { MSKUS, type BatchFixture, type Row } from './batch.js';
import { seededRandom } from './seeded.js';

/**
 * `nights` files of about `size` moves out of bay A into B or D (by name or id), each row of a night recurring the
 * next night with probability `recur`. Night `k` may carry `broken(k)` extra rows to a location that does not exist
 * (they fail, leaving that night's batch unfinished).
 */
export function nightlyFiles(
  fx: BatchFixture,
  options: { nights: number; size: number; recur: number; seed: number; broken?: (night: number) => number },
): Row[][] {
  const random = seededRandom(options.seed);
  const fresh = (): Row => {
    const to = random() < 0.5 ? 'B' : 'D';
    return {
      msku: MSKUS[Math.floor(random() * MSKUS.length)]!,
      quantity: 1 + Math.floor(random() * 9),
      from: random() < 0.5 ? 'Bay A' : fx.bays.A,
      to: random() < 0.5 ? `Bay ${to}` : fx.bays[to],
    };
  };
  const nights: Row[][] = [];
  let last: Row[] = [];
  for (let k = 0; k < options.nights; k++) {
    const kept = last.filter((r) => !r.to.startsWith('Nowhere') && random() < options.recur);
    const rows = [...kept];
    while (rows.length < options.size) rows.push(fresh());
    for (let b = 0; b < (options.broken?.(k) ?? 0); b++)
      rows.push({ msku: MSKUS[b % MSKUS.length]!, quantity: 1, from: fx.bays.A, to: `Nowhere ${k}-${b}` });
    // Shuffled, as an export sorts by whatever it likes.
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    nights.push(rows);
    last = rows;
  }
  return nights;
}

/** The rows of a night that apply (those to a location that exists). */
export const applying = (rows: Row[]): Row[] => rows.filter((r) => !r.to.startsWith('Nowhere'));

/** A clock a test sets: 02:00 UTC of night `k` after `start`, plus `minutes`. */
export function nightClock(start = Date.parse('2026-11-01T02:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    at(night: number, minutes = 0) {
      now = start + night * 86_400_000 + minutes * 60_000;
      return new Date(now).toISOString().slice(0, 10);
    },
  };
}
