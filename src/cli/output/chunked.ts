/** Text for stdout gathered into chunks, so that a long listing makes a few hundred writes rather than one per record. */
import type { Writer } from '../../util/io.js';

/** A chunk is written once it holds this many characters (a pipe's buffer is 64 KiB on Linux). */
const CHUNK = 64 * 1024;

/**
 * A writer that gathers text. Each write to a pipe is a system call of its own, and one per record cost an
 * `items list --all` of 100,000 records two seconds of CPU. What has been gathered is written once it reaches
 * CHUNK, and otherwise at the next turn of the event loop: records that arrive together (a page) go out in one
 * write, and none waits for the next page to be fetched.
 */
export class ChunkedWriter {
  private text = '';
  private timer: NodeJS.Immediate | undefined;
  /** The writes stdout has not taken yet (backpressure), waited for by the next `write`. */
  private pending: Array<Promise<void>> = [];

  constructor(private readonly out: Writer) {}

  /** Adds text; a promise when stdout is to be waited for (backpressure). */
  write(text: string): void | Promise<void> {
    this.text += text;
    if (this.text.length >= CHUNK) this.flush();
    else this.timer ??= setImmediate(() => this.flush());
    return this.pending.length > 0 ? this.drained() : undefined;
  }

  /** Writes whatever is left and waits for it. */
  async end(): Promise<void> {
    this.flush();
    await this.drained();
  }

  private flush(): void {
    clearImmediate(this.timer);
    this.timer = undefined;
    if (this.text === '') return;
    const text = this.text;
    this.text = '';
    const written = this.out.write(text);
    if (written) this.pending.push(written);
  }

  private async drained(): Promise<void> {
    while (this.pending.length > 0) await this.pending.shift();
  }
}
