/** A text input opened for reading: a file (or a stream), its lines bounded, decoded, and its first line peeked at. */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { UsageError } from '../errors.js';
import { decode, type Encoding } from './decode.js';
import { boundedLines } from './line-limit.js';

/** An opened input: what messages call it, its text (whole, from the start), its first non-blank character and line. */
export interface TextInput {
  name: string;
  text: AsyncIterable<string>;
  first: string;
  line: string;
}

/** Opens a file, with a clear error when it cannot be read. */
async function open(file: string, name: string): Promise<Readable> {
  // 4 KiB at a time: a CSV parser pushes every record of a chunk at once, and those records live through collections.
  const stream = createReadStream(file, { highWaterMark: 4 * 1024 });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UsageError(`${name}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)),
    );
  });
  return stream;
}

/** Peeks at the first line (and first non-blank character) of a text stream, then hands back the whole stream. */
async function peek(source: AsyncIterable<string>): Promise<Omit<TextInput, 'name'>> {
  const iterator = source[Symbol.asyncIterator]();
  const head: string[] = [];
  let seen = '';
  // Until a newline follows the first non-blank character (indexOf, not a regex: a first line may be megabytes).
  const lineDone = () => {
    const start = seen.search(/\S/);
    return start >= 0 && seen.indexOf('\n', start) >= 0;
  };
  while (!lineDone() && seen.length < 1 << 20) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
  }
  seen = seen.replace(/^\uFEFF/, '').trimStart();
  const first = seen.charAt(0);
  async function* rest() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { text: rest(), first, line: seen.split(/\r?\n/, 1)[0] ?? '' };
}

/**
 * Opens `file` as text; `label` names the input in messages. Given a stream instead of a label, `file` "-" reads that
 * stream (once: batches spool stdin to a file first, to read it twice). Without an `encoding` (a command that takes
 * no --encoding) it is UTF-8.
 */
export async function openText(
  file: string,
  label: string | NodeJS.ReadableStream,
  encoding?: Encoding,
): Promise<TextInput> {
  const stdin = typeof label === 'string' ? undefined : label;
  const name = stdin ? (file === '-' ? 'stdin' : file) : (label as string);
  const bytes = stdin && file === '-' ? Readable.from(stdin) : await open(file, name);
  const text = decode(boundedLines(bytes, name), encoding ?? 'utf-8', name, encoding !== undefined);
  return { name, ...(await peek(text)) };
}
