/** Reads the two files of file mode: box contents (box,msku|fnsku,quantity[,exp]) and box sizes (box,weight,length,width,height). */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';

export interface ContentRow {
  /** Line in the file (the header is line 1). */
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

/** The rows of a small CSV file (comma, tab or semicolon, sniffed from the header) as records keyed by lower-case column. */
async function records(
  file: string,
  flag: string,
  required: string[][],
): Promise<Array<{ row: number; cells: Record<string, string> }>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${flag} ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = ['\t', ';', ','].find((d) => first.includes(d)) ?? ',';
  const { parse } = await import('csv-parse/sync');
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    }) as string[][];
  } catch (error) {
    throw new UsageError(`${flag} ${file}: not valid CSV (${(error as Error).message})`);
  }
  const header = (rows[0] ?? []).map((h) => h.toLowerCase());
  for (const names of required) {
    if (!names.some((n) => header.includes(n)))
      throw new UsageError(
        `${flag} ${file}: the header row needs a ${names.join(' or ')} column (columns: ${header.join(', ') || 'none'})`,
      );
  }
  return rows
    .slice(1)
    .map((cells, i) => ({ row: i + 2, cells: Object.fromEntries(header.map((h, c) => [h, cells[c] ?? ''])) }));
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

function date(value: string, where: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw new UsageError(`${where}: exp "${value}" must be a date as YYYY-MM-DD`);
  return value;
}

/** The rows of a contents file, each checked: box and quantity whole numbers, an msku or fnsku, exp a real date. */
export async function readContents(file: string): Promise<ContentRow[]> {
  const rows = await records(file, '--file', [['box'], ['msku', 'fnsku'], ['quantity', 'qty']]);
  if (rows.length === 0) throw new UsageError(`--file ${file}: no rows under the header`);
  return rows.map(({ row, cells }) => {
    const where = `--file ${file} row ${row}`;
    const msku = cells.msku || undefined;
    const fnsku = cells.fnsku || undefined;
    if (!msku && !fnsku) throw new UsageError(`${where}: give an msku or an fnsku`);
    return {
      row,
      box: whole(cells.box ?? '', where, 'box'),
      msku,
      fnsku,
      quantity: whole(cells.quantity ?? cells.qty ?? '', where, 'quantity'),
      exp: cells.exp ? date(cells.exp, where) : undefined,
    };
  });
}

/** The rows of a boxes file, each checked: box a whole number, weight and sides numbers above 0, one row per box. */
export async function readBoxes(file: string): Promise<BoxRow[]> {
  const rows = await records(file, '--boxes', [['box'], ['weight'], ['length'], ['width'], ['height']]);
  const seen = new Set<number>();
  return rows.map(({ row, cells }) => {
    const where = `--boxes ${file} row ${row}`;
    const box = whole(cells.box ?? '', where, 'box');
    if (seen.has(box)) throw new UsageError(`${where}: box ${box} has a row already`);
    seen.add(box);
    const [weight, length, width, height] = (['weight', 'length', 'width', 'height'] as const).map((f) =>
      positive(cells[f] ?? '', where, f),
    );
    return { row, box, weight: weight!, length: length!, width: width!, height: height! };
  });
}
