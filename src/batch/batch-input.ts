/** Batch input: CSV (with a header row) or NDJSON, from a file, streamed row by row and read strictly. */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { UsageError } from '../errors.js';
import { INPUT_FORMATS } from './batch-types.js';
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
  const stream = createReadStream(file);
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

const DELIMITERS = [',', ';', '\t'];

/** The delimiter given (`\t` or "tab" for a tab), else Excel's `sep=X` line, else the one the header line uses most. */
export function delimiterOf(line: string, given?: string): { delimiter: string; sepLine: boolean } {
  const sep = /^"?sep=(.)"?$/i.exec(line.trim());
  if (given !== undefined) {
    const delimiter = given === '\\t' || given.toLowerCase() === 'tab' ? '\t' : given;
    if (delimiter.length !== 1 || /["\r\n]/.test(delimiter))
      throw new UsageError(
        `--delimiter "${given}" must be one character (not a quote or a newline); \\t or tab for a tab`,
      );
    return { delimiter, sepLine: sep !== null };
  }
  if (sep) return { delimiter: sep[1]!, sepLine: true };
  const unquoted = line.replace(/"[^"]*"/g, '');
  const counts = DELIMITERS.map((d) => unquoted.split(d).length - 1);
  const best = Math.max(...counts);
  return { delimiter: best === 0 ? ',' : DELIMITERS[counts.indexOf(best)]!, sepLine: false };
}

/** Header names matched to `known` ones regardless of case and surrounding spaces; others kept as written (trimmed). */
export function matchColumns(columns: string[], known: Iterable<string>): string[] {
  const byLower = new Map([...known].map((k) => [k.toLowerCase(), k]));
  return columns.map((c) => byLower.get(c.trim().toLowerCase()) ?? c.trim());
}

/** Refuses a CSV header with an empty or repeated column name. */
function checkHeader(columns: string[]): void {
  const seen = new Set<string>();
  columns.forEach((c, i) => {
    if (!c) throw new UsageError(`the header's column ${i + 1} has no name`);
    if (seen.has(c))
      throw new UsageError(
        `the header names column "${c}" twice`,
        'each column may appear once: remove or rename the other one',
      );
    seen.add(c);
  });
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
  if (stdin) label = file === '-' ? 'stdin' : file;
  const bytes = stdin && file === '-' ? Readable.from(stdin) : await open(file);
  const {
    text,
    first,
    line: firstLine,
  } = await peek(decode(boundedLines(bytes, label as string), options.encoding ?? 'utf-8', label as string));
  const format = formatOf(file === label ? file : '', options.format, first);
  if (format === 'ndjson') {
    const { createInterface } = await import('node:readline');
    let line = 0;
    for await (const raw of createInterface({ input: Readable.from(text), crlfDelay: Infinity })) {
      line++;
      const content = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (!content.trim()) continue;
      try {
        yield { line, record: parseRecord(content, options.depth ?? 1) };
      } catch (error) {
        yield { line, error: `not a valid record: ${(error as Error).message}` };
      }
    }
    return;
  }
  const { parse } = await import('csv-parse');
  const { delimiter, sepLine } = delimiterOf(firstLine, options.delimiter);
  let empty = 0;
  const parser = parse({
    bom: true,
    delimiter,
    // Excel's `sep=;` line is not the header; line numbers still count it.
    from_line: sepLine ? 2 : 1,
    columns: (header: string[]) => {
      let columns = header.map((c) => c.trim());
      checkHeader(columns);
      columns = options.header?.(columns) ?? columns;
      checkHeader(columns);
      return columns;
    },
    skip_empty_lines: true,
    trim: true,
    relax_column_count: false,
    // The line number rides along with each record (cheaper than `info: true`); empty cells are left out, and a row
    // of nothing but empty cells (what a spreadsheet leaves below the data) is skipped and counted.
    on_record: (record: Record<string, string>, context: { lines: number }) => {
      for (const key in record) if (record[key] === '') delete record[key];
      if (Object.keys(record).length === 0) {
        empty++;
        return null;
      }
      return { line: context.lines, record };
    },
  });
  // pipeline, not pipe: an error of the decoder (bytes that are not UTF-8) must reach the parser's reader.
  pipeline(Readable.from(text), parser, () => undefined);
  try {
    for await (const row of parser as AsyncIterable<InputRow>) yield row;
    if (empty > 0) options.skipped?.(empty);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new UsageError(
      `${label}: ${line ? `line ${line}: ` : ''}${(error as Error).message}`,
      'fix the file and run the same command again: rows already done are skipped',
    );
  }
}
