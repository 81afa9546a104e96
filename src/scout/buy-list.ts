/**
 * Accepted scans as CSV rows that `inv items import` takes as it is: appended one scan at a time by the scan loop,
 * written whole for a manifest (one row per msku, with its quantity).
 */
import { appendFile, readFile, stat, truncate } from 'node:fs/promises';
import { cents, dollars } from './arithmetic.js';
import type { ScoutResult } from './scan-engine.js';
import { writeWhole } from '../util/atomic-write.js';
import { spreadsheetSafe } from '../util/sanitize.js';

export const BUY_LIST_COLUMNS = [
  'msku',
  'title',
  'cond',
  'productId',
  'productIdType',
  'attr.cost',
  'attr.qty',
] as const;

/** What a buy-list row is made from: a result and how many units are bought. */
export interface BuyNaming {
  template: string;
  cond: string;
}

/** The msku from a template: {asin}, {cond}, {code} are replaced; at most 80 characters. */
export function mskuFor(template: string, r: ScoutResult, cond: string): string {
  return template
    .replaceAll('{asin}', r.asin ?? '')
    .replaceAll('{cond}', cond)
    .replaceAll('{code}', r.code)
    .slice(0, 80);
}

/** The cells of one row by column name, each formula-safe by the one rule (a title is server text). */
function rowOf(r: ScoutResult, qty: number, cost: number, naming: BuyNaming): Record<string, string> {
  const cells: Record<string, string> = {
    msku: mskuFor(naming.template, r, naming.cond),
    title: r.title ?? r.asin ?? '',
    cond: naming.cond,
    productId: r.asin ?? '',
    productIdType: 'ASIN',
    'attr.cost': cost.toFixed(2),
    'attr.qty': String(qty),
  };
  for (const column in cells) cells[column] = spreadsheetSafe(cells[column]!);
  // Cut after the escape: an item's title takes at most 255 characters.
  cells.title = cells.title!.slice(0, 255);
  return cells;
}

/**
 * The rows of accepted manifest lines, in the order given: lines of one msku make one row, their quantities summed and
 * the cost their average weighted by quantity (to the cent).
 */
export function buyRows(lines: ReadonlyArray<ScoutResult & { qty: number }>, naming: BuyNaming): string[][] {
  const byMsku = new Map<string, { r: ScoutResult; qty: number; costCents: number }>();
  for (const l of lines) {
    const msku = mskuFor(naming.template, l, naming.cond);
    const seen = byMsku.get(msku) ?? { r: l, qty: 0, costCents: 0 };
    seen.qty += l.qty;
    seen.costCents += l.qty * cents(l.cost);
    byMsku.set(msku, seen);
  }
  return [...byMsku.values()].map(({ r, qty, costCents }) => {
    const row = rowOf(r, qty, dollars(Math.round(costCents / Math.max(qty, 1))), naming);
    return BUY_LIST_COLUMNS.map((c) => row[c]!);
  });
}

/** Writes a manifest's buy list whole (a new file in place of any earlier one, never half written). */
export async function writeBuyList(file: string, rows: string[][]): Promise<void> {
  const { stringify } = await import('csv-stringify/sync');
  await writeWhole(file, stringify([[...BUY_LIST_COLUMNS], ...rows]), { mode: 0o644 });
}

/** Appends rows to `file`, writing the header first when the file is new or empty; an older file keeps its columns. */
export class BuyList {
  private columns?: Promise<readonly string[]>;
  /** The file's size before each scan that added rows, the last scan last (for undo). */
  private readonly marks: number[] = [];

  constructor(
    readonly file: string,
    private readonly naming: BuyNaming = { template: '{asin}-{cond}', cond: 'new' },
  ) {}

  /** Appends one row per result (one unit each); the rows of one call are undone together. */
  async add(results: readonly ScoutResult[]): Promise<void> {
    if (results.length === 0) return;
    const { stringify } = await import('csv-stringify/sync');
    this.columns ??= this.header(stringify);
    const columns = await this.columns;
    this.marks.push((await stat(this.file)).size);
    const rows = results.map((r) => {
      const row = rowOf(r, 1, r.cost, this.naming);
      return columns.map((c) => row[c] ?? '');
    });
    await appendFile(this.file, stringify(rows));
  }

  /** Removes the rows of the last `add`, if the file still ends with them; false when there is nothing to undo. */
  async undo(): Promise<boolean> {
    const mark = this.marks.pop();
    if (mark === undefined) return false;
    await truncate(this.file, mark);
    return true;
  }

  /** The columns of the file: those of its header when it has one, else BUY_LIST_COLUMNS, written as its header. */
  private async header(stringify: (rows: string[][]) => string): Promise<readonly string[]> {
    const text = await readFile(this.file, 'utf8').catch(() => '');
    const first = text.split(/\r?\n/, 1)[0] ?? '';
    if (first.trim() !== '') return first.split(',').map((c) => c.trim());
    await appendFile(this.file, stringify([[...BUY_LIST_COLUMNS]]), { mode: 0o644 });
    return BUY_LIST_COLUMNS;
  }
}
