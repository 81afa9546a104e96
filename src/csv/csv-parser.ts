/** CSV text to rows: the delimiter (given, Excel's `sep=` line, or sniffed from the header), the header checked, the parser. */
import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { UsageError } from '../errors.js';

/** A CSV record: its line in the input (the first line is 1) and its non-empty cells by column. */
export interface CsvRow {
  line: number;
  record: Record<string, string>;
}

/** How a CSV input is read. */
export interface CsvOptions {
  /** Told the columns (trimmed, checked) before the first row: throws to refuse them; may return them renamed. */
  header?: (columns: string[]) => string[] | void;
  /** The delimiter (--delimiter); sniffed from the header (or Excel's `sep=` line) when absent. */
  delimiter?: string;
  /** Told, once the input is read, how many rows were skipped because every cell was empty. */
  skipped?: (count: number) => void;
  /** What a refusal of the file's CSV tells the user to do (default: fix the file and run the command again). */
  hint?: string;
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

/** Refuses a CSV header with an empty or repeated column name (the one rule for every caller); `name` is the input's. */
function checkHeader(columns: string[], name: string): void {
  const seen = new Set<string>();
  columns.forEach((c, i) => {
    if (!c) throw new UsageError(`${name}: the header's column ${i + 1} has no name`);
    if (seen.has(c))
      throw new UsageError(
        `${name}: the header names column "${c}" twice`,
        'each column may appear once: remove or rename the other one',
      );
    seen.add(c);
  });
}

/** The header as the kind names its columns: trimmed, checked, then handed to `header` (which may refuse or rename them). */
function columnsOf(header: string[], name: string, options: CsvOptions): string[] {
  let columns = header.map((c) => c.trim());
  checkHeader(columns, name);
  columns = options.header?.(columns) ?? columns;
  checkHeader(columns, name);
  return columns;
}

/**
 * A CSV parser fed `text` (whose first line is `firstLine`; `name` is how messages call it): its records are rows;
 * `empty()` counts the rows skipped as empty.
 */
export function csvParser(
  text: AsyncIterable<string>,
  firstLine: string,
  name: string,
  options: CsvOptions,
): { rows: AsyncIterable<CsvRow>; empty(): number } {
  const { delimiter, sepLine } = delimiterOf(firstLine, options.delimiter);
  let empty = 0;
  const parser = parse({
    bom: true,
    delimiter,
    // Excel's `sep=;` line is not the header; line numbers still count it.
    from_line: sepLine ? 2 : 1,
    columns: (header: string[]) => columnsOf(header, name, options),
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
  return { rows: parser as AsyncIterable<CsvRow>, empty: () => empty };
}

/** An error of the CSV parser as the user reads it: the input and the line (our own refusals pass as they are). */
export function csvError(error: unknown, label: string, hint = 'fix the file and run the same command again'): unknown {
  if (error instanceof UsageError) return error;
  const line = (error as { lines?: number }).lines;
  return new UsageError(`${label}: ${line ? `line ${line}: ` : ''}${(error as Error).message}`, hint);
}
