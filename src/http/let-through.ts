/**
 * The highest rate a server let through from a 429 on (docs/decisions.md, 19: what a learnt rate stays below). Its
 * bucket was empty at that 429, and a bucket lets through at most what it makes: over the wall-clock time, pauses
 * included; or, pauses left out, less what it made while they lasted, which is no more than it holds, and no more than
 * the full bucket let through before the first 429 of all.
 */
import { PACING } from './pacing-rules.js';

/** What the server let through over periods that began at a 429, each up to the next cut or to now. */
export class LetThrough {
  /** The highest rate of a period ended by a cut (0: none yet). */
  private highest = 0;
  /** Whether the period now began at a 429; when, the time paused by then, and the successes to requests sent since. */
  private period: { from: number; pausedAt: number; successes: number } | undefined;
  /** What the full bucket let through before the first 429 of all (unknown when the run started from a learnt rate). */
  private firstBurst: number | undefined;

  /** Notes a success to a request sent at `sentAt`. */
  success(sentAt: number): void {
    if (this.period && sentAt >= this.period.from) this.period.successes++;
  }

  /** The first 429 of all came after `successes` were let through from a full bucket. */
  firstRefusal(successes: number): void {
    this.firstBurst = successes;
  }

  /** A period ends at `now` (paused `pausedMs` by then); `refused`: the next one begins at a 429. */
  restart(now: number, pausedMs: number, refused: boolean): void {
    this.highest = this.rate(now, pausedMs);
    this.period = refused ? { from: now, pausedAt: pausedMs, successes: 0 } : undefined;
  }

  /** The highest rate let through, the period now included up to `now` (0: no period began at a 429 yet). */
  rate(now: number, pausedMs: number): number {
    const p = this.period;
    if (!p || now <= p.from) return this.highest;
    const wallMs = now - p.from;
    const sendingMs = wallMs - (pausedMs - p.pausedAt);
    const refill = this.firstBurst;
    const overSending =
      refill !== undefined && sendingMs >= PACING.measureMinMs ? ((p.successes - refill) * 1000) / sendingMs : 0;
    return Math.max(this.highest, (p.successes * 1000) / wallMs, overSending);
  }
}
