/**
 * Reads the two files of file mode by the one CSV reader: box contents (box,msku|fnsku,quantity[,exp]) and box sizes
 * (box,weight,length,width,height).
 */
import { readCsv } from '../csv/csv-input.js';
import { UsageError } from '../errors.js';

export interface ContentRow {
  /** Line in the file (the header's line, or an Excel `sep=` line, is line 1). */
  row: number;
  box: number;
  msku?: string;
  fnsku?: string;
  quantity: number;
  exp?: string;
}

export interface BoxRow {
  row: number;
  box: number;
  weight: number;
  length: number;
  width: number;
  height: number;
}

/**
 * Each row of a file by the one CSV reader (streamed, delimiter given or sniffed outside quotes, Excel's `sep=` line),
 * keyed by lower-case column, made into a checked row by `check` as it is read (a row's other cells are not kept); the
 * header must name one of each of `required`.
 */
async function readChecked<T>(
  file: string,
  flag: string,
  required: string[][],
  delimiter: string | undefined,
  check: (cells: Record<string, string>, row: number, where: string) => T,
): Promise<T[]> {
  const header = (columns: string[]) => {
    const lower = columns.map((c) => c.toLowerCase());
    for (const names of required) {
      if (!names.some((n) => lower.includes(n)))
        throw new UsageError(
          `${flag} ${file}: the header row needs a ${names.join(' or ')} column (columns: ${lower.join(', ') || 'none'})`,
        );
    }
    return lower;
  };
  const rows: T[] = [];
  const hint = 'fix the file and run the same command again: nothing was written';
  for await (const { line, record } of readCsv(file, `${flag} ${file}`, { delimiter, header, hint }))
    rows.push(check(record, line, `${flag} ${file} row ${line}`));
  return rows;
}

function whole(value: string, where: string, field: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000)
    throw new UsageError(`${where}: ${field} "${value}" must be a whole number from 1`);
  return Number(value);
}

function positive(value: string, where: string, field: string): number {
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0)
    throw new UsageError(`${where}: ${field} "${value}" must be a number above 0`);
  return Number(value);
}

/** Expiry dates taken: from a year back (a product just expired, packed by mistake, is still named) to ten years ahead. */
export const EXP_YEARS = { back: 1, ahead: 10 } as const;

/** `today` moved by whole years, as YYYY-MM-DD. */
function yearsFrom(today: Date, years: number): string {
  const d = new Date(today);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

function date(value: string, where: string, today: Date): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw new UsageError(`${where}: exp "${value}" must be a date as YYYY-MM-DD`);
  // The label keeps two digits of the year (EXP:YYMMDD): only a range narrower than a century reads back as given.
  const [from, to] = [yearsFrom(today, -EXP_YEARS.back), yearsFrom(today, EXP_YEARS.ahead)];
  if (value < from || value > to)
    throw new UsageError(
      `${where}: exp "${value}" must be from ${from} to ${to} (a year back to ten years ahead: the label prints the year in two digits)`,
    );
  return value;
}

/** The rows of a contents file, each checked: box and quantity whole numbers, an msku or fnsku, exp a real date near `today`. */
export async function readContents(file: string, delimiter?: string, today = new Date()): Promise<ContentRow[]> {
  const required = [['box'], ['msku', 'fnsku'], ['quantity', 'qty']];
  const rows = await readChecked(file, '--file', required, delimiter, (cells, row, where) => {
    const msku = cells.msku || undefined;
    const fnsku = cells.fnsku || undefined;
    if (!msku && !fnsku) throw new UsageError(`${where}: give an msku or an fnsku`);
    return {
      row,
      box: whole(cells.box ?? '', where, 'box'),
      msku,
      fnsku,
      quantity: whole(cells.quantity ?? cells.qty ?? '', where, 'quantity'),
      exp: cells.exp ? date(cells.exp, where, today) : undefined,
    };
  });
  if (rows.length === 0) throw new UsageError(`--file ${file}: no rows under the header`);
  return rows;
}

/** The rows of a boxes file, each checked: box a whole number, weight and sides numbers above 0, one row per box. */
export async function readBoxes(file: string, delimiter?: string): Promise<BoxRow[]> {
  const required = [['box'], ['weight'], ['length'], ['width'], ['height']];
  const seen = new Set<number>();
  return readChecked(file, '--boxes', required, delimiter, (cells, row, where) => {
    const box = whole(cells.box ?? '', where, 'box');
    if (seen.has(box)) throw new UsageError(`${where}: box ${box} has a row already`);
    seen.add(box);
    const [weight, length, width, height] = (['weight', 'length', 'width', 'height'] as const).map((f) =>
      positive(cells[f] ?? '', where, f),
    );
    return { row, box, weight: weight!, length: length!, width: width!, height: height! };
  });
}
