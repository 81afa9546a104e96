/** Batch input: CSV (with a header row) or NDJSON, from a file, streamed row by row and read strictly. */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { UsageError } from '../errors.js';
import { INPUT_FORMATS } from './batch-types.js';
import { csvError, csvParser } from './csv-rows.js';
import { decode, type Encoding } from './decode.js';
import { boundedLines } from './line-limit.js';
import { parseRecord, type Cell } from './strict-json.js';

export type InputFormat = (typeof INPUT_FORMATS)[number];

export interface InputRow {
  /** Line number in the input (for CSV, the header is line 1). */
  line: number;
  record?: Record<string, Cell>;
  /** Why the line could not be read. */
  error?: string;
}

export interface ReadOptions {
  format?: string;
  encoding?: Encoding;
  /** Told the CSV columns before the first row (throws to refuse them; may return them renamed). */
  header?: (columns: string[]) => string[] | void;
  /** The CSV delimiter (--delimiter); sniffed from the header (or Excel's `sep=` line) when absent. */
  delimiter?: string;
  /** Told, once the input is read, how many CSV rows were skipped because every cell was empty. */
  skipped?: (count: number) => void;
  /** How deep an NDJSON record may nest (1: flat). */
  depth?: number;
}

/** The format named by --format, else by the file's extension, else by the first character of the input. */
export function formatOf(file: string, given: string | undefined, firstChar?: string): InputFormat {
  if (given) {
    if (!INPUT_FORMATS.includes(given as InputFormat))
      throw new UsageError(`--format "${given}" must be ${INPUT_FORMATS.join(' or ')}`);
    return given as InputFormat;
  }
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return firstChar === '{' ? 'ndjson' : 'csv';
}

/** Opens a file, with a clear error when it cannot be read. */
async function open(file: string): Promise<Readable> {
  // 16 KiB at a time: a CSV parser pushes every record of a chunk at once, and those records live through collections.
  const stream = createReadStream(file, { highWaterMark: 4 * 1024 });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new UsageError(`${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)),
    );
  });
  return stream;
}

/** Peeks at the first line (and first non-blank character) of a text stream, then hands back the whole stream. */
async function peek(
  source: AsyncIterable<string>,
): Promise<{ text: AsyncIterable<string>; first: string; line: string }> {
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

/** Header names matched to `known` ones regardless of case and surrounding spaces; others kept as written (trimmed). */
export function matchColumns(columns: string[], known: Iterable<string>): string[] {
  const byLower = new Map([...known].map((k) => [k.toLowerCase(), k]));
  return columns.map((c) => byLower.get(c.trim().toLowerCase()) ?? c.trim());
}

/**
 * Streams the rows of `file`; `label` names the input in messages. Given a stream instead of a label,
 * `file` "-" reads that stream (once: batches spool stdin to a file first, to read it twice).
 */
export async function* readRows(
  file: string,
  label: string | NodeJS.ReadableStream,
  options: ReadOptions = {},
): AsyncGenerator<InputRow> {
  const stdin = typeof label === 'string' ? undefined : label;
  const name = stdin ? (file === '-' ? 'stdin' : file) : (label as string);
  const bytes = stdin && file === '-' ? Readable.from(stdin) : await open(file);
  const { text, first, line } = await peek(decode(boundedLines(bytes, name), options.encoding ?? 'utf-8', name));
  const format = formatOf(file === name ? file : '', options.format, first);
  if (format === 'ndjson') return yield* ndjsonRows(text, options.depth ?? 1);
  const csv = csvParser(text, line, options);
  try {
    for await (const row of csv.rows) yield row;
  } catch (error) {
    throw csvError(error, name);
  }
  if (csv.empty() > 0) options.skipped?.(csv.empty());
}

/** The records of NDJSON text, one a line (blank lines skipped); a line that is not a valid record is a row with an error. */
async function* ndjsonRows(text: AsyncIterable<string>, depth: number): AsyncGenerator<InputRow> {
  let line = 0;
  for await (const raw of createInterface({ input: Readable.from(text), crlfDelay: Infinity })) {
    line++;
    const content = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!content.trim()) continue;
    try {
      yield { line, record: parseRecord(content, depth) };
    } catch (error) {
      yield { line, error: `not a valid record: ${(error as Error).message}` };
    }
  }
}
