/** When a pacer's latest successes came: the burst before a first 429, and the rate of the latest ones. */

/**
 * The first guess counts the successes of the last GUESS_MS (at most RECENT of them), or, if more, the rate of those of
 * the last GUESS_SLOW_MS: answers that come slower than one in GUESS_MS (a server far away) leave the short window empty.
 */
const GUESS_MS = 100;
const GUESS_SLOW_MS = 1_000;
const RECENT = 4096;
/** A rate of the latest successes is taken over at least this many of them. */
const RATE_SAMPLE = 20;

/** A ring of the times (ms) of the latest successes. */
export class SuccessTimes {
  private readonly times = new Float64Array(RECENT);
  private count = 0;

  /** Whether any success came at all. */
  get any(): boolean {
    return this.count > 0;
  }

  /** Notes a success at `now`. */
  note(now: number): void {
    this.times[this.count++ % RECENT] = now;
  }

  /** Requests per second the server let through just before `now`: the burst before a first 429. */
  guess(now: number): number {
    const quick = (this.since(now - GUESS_MS).count * 1000) / GUESS_MS;
    const slow = this.since(now - GUESS_SLOW_MS);
    return Math.max(quick, (slow.count * 1000) / Math.max(GUESS_MS, now - slow.oldest));
  }

  /** The rate of the successes of the last `windowMs`, or of the last RATE_SAMPLE of them if that holds fewer. */
  rate(now: number, windowMs: number): number {
    let { count, oldest } = this.since(now - windowMs);
    if (count < RATE_SAMPLE && this.count >= RATE_SAMPLE) {
      [count, oldest] = [RATE_SAMPLE, this.times[(this.count - RATE_SAMPLE) % RECENT]!];
    }
    const newest = this.times[(this.count - 1) % RECENT]!;
    return count > 1 ? ((count - 1) * 1000) / Math.max(newest - oldest, 1) : 0;
  }

  /** How many successes came after `since` (as far as the ring remembers), and when the first of them came. */
  private since(since: number): { count: number; oldest: number } {
    let count = 0;
    let oldest = Infinity;
    for (let i = this.count - 1; i >= 0 && i >= this.count - RECENT && this.times[i % RECENT]! > since; i--) {
      count++;
      oldest = this.times[i % RECENT]!;
    }
    return { count, oldest };
  }
}
