/**
 * What the answers say of the server's bucket. Of a strict one (a bucket of one): a 429 to a request sent right after
 * one let through says the gap between them was too short, and two let through in a row that theirs was long enough.
 * Of any: the first request after a pause finds it refilled, so a 429 to it is not the rate's doing.
 */
import { PACING } from './pacing-rules.js';

/** Watches the answers for a bucket that lets through one request at a time, the gaps it allowed and refused, and refills. */
export class BucketWatch {
  /**
   * Whether the bucket let through at most PACING.strictBurst requests before a 429, once full: at the start, or after a
   * pause (a pause of Retry-After refills any bucket beyond one). Never again once a gap let through was clearly
   * shorter than one refused.
   */
  strict = false;
  /** Requests let through since the bucket was last full, until a 429 says how many it held; and whether at the start. */
  private burst = { letThrough: 0, known: false, atStart: true };
  private notStrict = false;
  /** Pauses, and 429s to the first request sent after one. */
  refills = 0;
  refusedAfterRefill = 0;
  /** When the bucket was last full (the end of a pause): a gap across it says nothing. */
  private fullAt = 0;
  private firstAfterRefill = false;
  private lastOk = -Infinity;
  /**
   * Over the whole run, the rates (requests/s) of the shortest gap between two requests let through (0: none yet) and of
   * the longest refused (Infinity: none yet).
   */
  fastestLetThrough = 0;
  slowestRefused = Infinity;

  /** The bucket is full again (a pause) from `at`. */
  refilled(at: number): void {
    this.fullAt = at;
    this.refills++;
    this.firstAfterRefill = true;
    this.burst = { letThrough: 0, known: false, atStart: false };
  }

  /** Forgets the pauses so far (the server's ways may have changed). */
  forgetRefills(): void {
    [this.refills, this.refusedAfterRefill] = [0, 0];
  }

  /** Notes an answer to a request sent at `sentAt`; for a 429, returns the gap (ms) since the last one let through, if known. */
  answered(sentAt: number, refused: boolean): number | undefined {
    if (sentAt >= this.fullAt) this.noteBurst(refused);
    if (this.firstAfterRefill && sentAt >= this.fullAt) {
      this.firstAfterRefill = false;
      if (refused) this.refusedAfterRefill++;
    }
    // A gap that spans a refill, or answers out of order, says nothing of the bucket's rate.
    const gap = this.lastOk >= this.fullAt && sentAt > this.lastOk ? sentAt - this.lastOk : undefined;
    if (gap !== undefined && refused) this.slowestRefused = Math.min(this.slowestRefused, 1000 / gap);
    if (gap !== undefined && !refused) this.fastestLetThrough = Math.max(this.fastestLetThrough, 1000 / gap);
    // A gap let through clearly shorter than one refused: not a bucket of one after all (429s at random, say).
    if (this.fastestLetThrough >= this.slowestRefused * PACING.strictMargin)
      [this.strict, this.notStrict] = [false, true];
    if (refused) return gap;
    if (sentAt > this.lastOk) this.lastOk = sentAt;
    return undefined;
  }

  /**
   * Counts what a full bucket lets through until its first 429. A 429 before anything was let through says nothing (others
   * emptied it, or it is not a bucket's); more than one let through at the start may be a slow start, not a burst.
   */
  private noteBurst(refused: boolean): void {
    const burst = this.burst;
    if (burst.known) return;
    if (!refused) burst.letThrough++;
    else if (burst.letThrough > 0) {
      burst.known = true;
      const small = burst.letThrough <= PACING.strictBurst;
      if (small && !this.notStrict) this.strict = true;
      else if (!small && burst.atStart) this.strict = false;
    }
  }
}
