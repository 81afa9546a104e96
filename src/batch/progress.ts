/** A one-line progress counter on a terminal's stderr; silent anywhere else. */

export interface Counts {
  done: number;
  failed: number;
  inDoubt: number;
  skipped: number;
}

export class Progress {
  readonly counts: Counts = { done: 0, failed: 0, inDoubt: 0, skipped: 0 };
  private readonly started = performance.now();
  private lastDraw = 0;

  /** `stream` is stderr when it is a terminal (and not --quiet), else undefined for silence. */
  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WritableStream | undefined,
  ) {}

  /** Counts one finished row and redraws at most ten times a second. */
  tick(outcome: keyof Counts): void {
    this.counts[outcome]++;
    const now = performance.now();
    if (this.stream && now - this.lastDraw > 100) {
      this.lastDraw = now;
      this.stream.write(`\r\x1b[2K${this.line()}`);
    }
  }

  /** Seconds since the start. */
  get seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** Clears the progress line. */
  finish(): void {
    if (this.stream && this.lastDraw > 0) this.stream.write('\r\x1b[2K');
  }

  private line(): string {
    const { done, failed, inDoubt, skipped } = this.counts;
    const total = done + failed + inDoubt;
    const rate = total / Math.max(this.seconds, 0.001);
    const parts = [`${done} done`, failed && `${failed} failed`, inDoubt && `${inDoubt} in doubt`, skipped && `${skipped} skipped`].filter(Boolean);
    return `${this.label}: ${parts.join(' · ')} (${Math.round(rate)}/s)`;
  }
}
