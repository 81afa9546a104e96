/** Lines read one at a time from a stream that stays ours until closed (a pasted answer asked for again). */
import { createInterface } from 'node:readline';

export interface LineReader {
  /** The next line (without its line ending); undefined once the stream has ended or the reader is closed. */
  next(): Promise<string | undefined>;
  /** Stops reading: the stream is released and a pending next() resolves undefined. */
  close(): void;
}

/** Opens a line reader on `stream`; one reader keeps the lines a single chunk carries (several pastes at once). */
export function lineReader(stream: NodeJS.ReadableStream, signal?: AbortSignal): LineReader {
  const lines = createInterface({ input: stream, crlfDelay: Infinity, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    lines.close();
    // readline leaves the stream flowing; pausing it lets a process whose stdin is still open exit.
    stream.pause();
  };
  signal?.addEventListener('abort', close, { once: true });
  return {
    async next() {
      if (closed) return undefined;
      const step = await iterator.next();
      return step.done ? undefined : step.value;
    },
    close,
  };
}
