/** Adaptive pacing for limits nobody publishes: fewer requests in flight and a pause after a 429, more again after a run of successes. */
import { sleep } from '../http/retry-hook.js';

export class Pacer {
  private limit: number;
  private running = 0;
  private pauseMs = 0;
  private streak = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {
    this.limit = max;
  }

  /** Waits for a slot (and the pause after a 429). */
  async acquire(signal?: AbortSignal): Promise<void> {
    while (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    if (this.pauseMs > 0) await sleep(this.pauseMs, signal).catch(() => undefined);
  }

  /** Frees a slot; `ok` false (rate limited) halves the limit and doubles the pause, 20 successes in a row undo one step. */
  release(ok: boolean): void {
    this.running--;
    if (ok) {
      if (++this.streak >= 20) {
        this.streak = 0;
        this.limit = Math.min(this.max, this.limit + 1);
        this.pauseMs = Math.floor(this.pauseMs / 2);
      }
    } else {
      this.streak = 0;
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.pauseMs = Math.min(10_000, Math.max(250, this.pauseMs * 2));
    }
    while (this.waiting.length > 0 && this.running < this.limit) this.waiting.shift()!();
  }
}
