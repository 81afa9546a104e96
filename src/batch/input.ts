/** Batch input: CSV (with a header row) or NDJSON, from a file or stdin, streamed row by row. */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { UsageError } from '../errors.js';

export type InputFormat = 'csv' | 'ndjson';

export interface InputRow {
  /** Line number in the input (for CSV, the header is line 1). */
  line: number;
  record?: Record<string, string | unknown>;
  /** Why the line could not be read. */
  error?: string;
}

/** The format named by --format, else by the file's extension, else by the first character of the input. */
export function formatOf(file: string, given: string | undefined, firstChar?: string): InputFormat {
  if (given) {
    if (given !== 'csv' && given !== 'ndjson') throw new UsageError(`--format "${given}" must be csv or ndjson`);
    return given;
  }
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return firstChar === '{' ? 'ndjson' : 'csv';
}

/** Opens a file ("-" for `stdin`), with a clear error when it cannot be read. */
async function open(file: string, stdin: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> {
  if (file === '-') return stdin;
  const stream = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) => reject(new UsageError(`${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)));
  });
  return stream;
}

/** Peeks at the first non-blank character, then hands back a stream that still starts at the beginning. */
async function peek(stream: NodeJS.ReadableStream): Promise<{ stream: NodeJS.ReadableStream; first: string }> {
  const iterator = (stream as Readable)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let first = '';
  while (!first) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
    head.push(chunk);
    first = chunk.toString('utf8').trimStart().charAt(0);
  }
  async function* rest() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { stream: Readable.from(rest()), first };
}

/** Streams the rows of `file` ("-" for stdin); `header` is told the CSV columns before the first row. */
export async function* readRows(file: string, stdin: NodeJS.ReadableStream, options: { format?: string; header?: (columns: string[]) => void } = {}): AsyncGenerator<InputRow> {
  const { stream, first } = await peek(await open(file, stdin));
  const format = formatOf(file, options.format, first);
  if (format === 'ndjson') {
    const { createInterface } = await import('node:readline');
    let line = 0;
    for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
      line++;
      if (!text.trim()) continue;
      try {
        const record = JSON.parse(text) as unknown;
        if (record === null || typeof record !== 'object' || Array.isArray(record)) yield { line, error: 'not a JSON object' };
        else yield { line, record: record as Record<string, unknown> };
      } catch (error) {
        yield { line, error: `not valid JSON: ${(error as Error).message}` };
      }
    }
    return;
  }
  const { parse } = await import('csv-parse');
  const parser = stream.pipe(parse({
    columns: (header: string[]) => {
      const columns = header.map((c) => c.trim());
      options.header?.(columns);
      return columns;
    },
    skip_empty_lines: true,
    trim: true,
    relax_column_count: false,
    // The line number rides along with each record (cheaper than `info: true`); empty cells are left out.
    on_record: (record: Record<string, string>, context: { lines: number }) => {
      for (const key in record) if (record[key] === '') delete record[key];
      return { line: context.lines, record };
    },
  }));
  try {
    for await (const row of parser as AsyncIterable<InputRow>) yield row;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file === '-' ? 'stdin' : file}: ${(error as Error).message}`);
  }
}
