/**
 * The one CSV reader (batches, item imports, scout manifests, pack's files): streamed from a file or stdin, lines
 * bounded, decoded, the delimiter given or sniffed outside quotes (or Excel's `sep=` line), a header naming a column
 * twice refused.
 */
import type { Encoding } from './decode.js';
import { csvError, csvParser, type CsvOptions, type CsvRow } from './csv-parser.js';
import { openText, type TextInput } from './text-input.js';

export type { CsvOptions, CsvRow } from './csv-parser.js';

/** Header names matched to `known` ones regardless of case and surrounding spaces; others kept as written (trimmed). */
export function matchColumns(columns: string[], known: Iterable<string>): string[] {
  const byLower = new Map([...known].map((k) => [k.toLowerCase(), k]));
  return columns.map((c) => byLower.get(c.trim().toLowerCase()) ?? c.trim());
}

/** The rows of an opened input read as CSV; a fault of the file is a UsageError naming the input and the line. */
export async function* csvRows(input: TextInput, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const csv = csvParser(input.text, input.line, input.name, options);
  try {
    for await (const row of csv.rows) yield row;
  } catch (error) {
    throw csvError(error, input.name, options.hint);
  }
  if (csv.empty() > 0) options.skipped?.(csv.empty());
}

/**
 * Streams the CSV rows of `file`; `label` names it in messages (or, a stream, is read when `file` is "-").
 * The encoding is UTF-8 unless named.
 */
export async function* readCsv(
  file: string,
  label: string | NodeJS.ReadableStream,
  options: CsvOptions & { encoding?: Encoding } = {},
): AsyncGenerator<CsvRow> {
  yield* csvRows(await openText(file, label, options.encoding), options);
}
