/** Batch input: CSV (with a header row, read by the one CSV reader) or NDJSON, from a file, streamed row by row and read strictly. */
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { UsageError } from '../../errors.js';
import { INPUT_FORMATS, type InputRow } from '../batch-types.js';
import { csvRows, type CsvOptions } from '../../csv/csv-input.js';
import type { Encoding } from '../../csv/decode.js';
import { openText } from '../../csv/text-input.js';
import { parseRecord } from './strict-json.js';

export type InputFormat = (typeof INPUT_FORMATS)[number];

export interface ReadOptions extends CsvOptions {
  format?: string;
  encoding?: Encoding;
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

/**
 * Streams the rows of `file`; `label` names the input in messages. Given a stream instead of a label,
 * `file` "-" reads that stream (once: batches spool stdin to a file first, to read it twice).
 */
export async function* readRows(
  file: string,
  label: string | NodeJS.ReadableStream,
  options: ReadOptions = {},
): AsyncGenerator<InputRow> {
  const input = await openText(file, label, options.encoding);
  const format = formatOf(file === input.name ? file : '', options.format, input.first);
  if (format === 'ndjson') return yield* ndjsonRows(input.text, options.depth ?? 1);
  const hint = options.hint ?? 'fix the file and run the same command again: rows already done are skipped';
  yield* csvRows(input, { ...options, hint });
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
