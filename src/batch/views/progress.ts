/** Progress of a batch: a redrawn line on a terminal's stderr, or a plain line every 10 s in a log; silent with --quiet. */
import { COUNT_KEY, type TallyState } from '../journal/row-states.js';

export interface Counts {
  done: number;
  failed: number;
  inDoubt: number;
  skipped: number;
}

export interface ProgressSinks {
  /** stderr when it is a terminal (and not --quiet). */
  terminal?: NodeJS.WritableStream;
  /** stderr when it is not a terminal (and not --quiet): a plain line every `everyMs`. */
  log?: (line: string) => void;
  everyMs?: number;
}

export class Progress {
  readonly counts: Counts = { done: 0, failed: 0, inDoubt: 0, skipped: 0 };
  /** Rows in the input, when known (for the share and the time left). */
  total = 0;
  private readonly started = performance.now();
  private lastDraw = 0;
  private lastLog: number;

  private readonly sinks: ProgressSinks;

  /** `sinks`: where to draw and log; a bare stream is a terminal to draw on. */
  constructor(
    private readonly label: string,
    sinks: ProgressSinks | NodeJS.WritableStream = {},
  ) {
    this.sinks =
      'write' in sinks && typeof sinks.write === 'function'
        ? { terminal: sinks as NodeJS.WritableStream }
        : (sinks as ProgressSinks);
    this.lastLog = this.started;
  }

  /** Counts one finished row in `state`; redraws at most ten times a second, logs at most every 10 s. */
  tick(state: TallyState): void {
    this.counts[COUNT_KEY[state]]++;
    const now = performance.now();
    if (this.sinks.terminal && now - this.lastDraw > 100) {
      this.lastDraw = now;
      this.sinks.terminal.write(`\r\x1b[2K${this.line()}`);
    }
    if (this.sinks.log && now - this.lastLog >= (this.sinks.everyMs ?? 10_000)) {
      this.lastLog = now;
      this.sinks.log(`${new Date().toISOString()} ${this.line()}`);
    }
  }

  /** Seconds since the start. */
  get seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** Clears the progress line. */
  finish(): void {
    if (this.sinks.terminal && this.lastDraw > 0) this.sinks.terminal.write('\r\x1b[2K');
  }

  private line(): string {
    const { done, failed, inDoubt, skipped } = this.counts;
    const seen = done + failed + inDoubt + skipped;
    const rate = (done + failed + inDoubt) / Math.max(this.seconds, 0.001);
    const of = this.total ? `${seen}/${this.total} rows: ` : '';
    const parts = [
      `${done} done`,
      failed && `${failed} failed`,
      inDoubt && `${inDoubt} in doubt`,
      skipped && `${skipped} skipped`,
    ].filter(Boolean);
    const left = this.total && rate > 0 ? `, about ${Math.ceil((this.total - seen) / rate)} s left` : '';
    return `${this.label}: ${of}${parts.join(' · ')} (${Math.round(rate)}/s${left})`;
  }
}

/**
 * Progress of a pass over an input that sends nothing (reading it, a dry run's checks): its rows so far, on a terminal,
 * or every 10 s in a log.
 */
export class ReadingProgress {
  rows = 0;
  private readonly started = performance.now();
  private lastDraw = 0;
  private lastLog: number;

  constructor(
    private readonly what: string,
    private readonly sinks: ProgressSinks = {},
  ) {
    this.lastLog = this.started;
  }

  /** Counts one row read; draws at most ten times a second, logs at most every 10 s. */
  row(): void {
    this.rows++;
    if ((this.rows & 1023) !== 0) return;
    const now = performance.now();
    if (this.sinks.terminal && now - this.lastDraw > 100) {
      this.lastDraw = now;
      this.sinks.terminal.write(`\r\x1b[2K${this.line(now)}`);
    }
    if (this.sinks.log && now - this.lastLog >= (this.sinks.everyMs ?? 10_000)) {
      this.lastLog = now;
      this.sinks.log(`${new Date().toISOString()} ${this.line(now)}`);
    }
  }

  /** Clears the line. */
  finish(): void {
    if (this.sinks.terminal && this.lastDraw > 0) this.sinks.terminal.write('\r\x1b[2K');
  }

  private line(now: number): string {
    const rate = Math.round((this.rows * 1000) / Math.max(now - this.started, 1));
    return `${this.what}: ${this.rows.toLocaleString('en-US')} rows (${rate.toLocaleString('en-US')}/s)`;
  }
}
