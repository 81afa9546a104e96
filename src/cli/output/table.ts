/** Borderless aligned tables on cli-table3 (imported lazily, only for table output). */
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import { cell, wrapText } from '../../util/format.js';
import { terminalSafe } from '../../util/sanitize.js';
import { pick, type Column } from './view.js';

const NO_BORDERS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

/** Lays out rows under upper-case headers, numbers right-aligned, cells cut with … to fit `width` columns. */
export function formatTable(
  columns: readonly Column[],
  rows: readonly Record<string, unknown>[],
  color: boolean,
  width?: number,
): string {
  const chalk = new Chalk({ level: color ? 1 : 0 });
  const fitted = width && columns.some((c) => c.wrap !== undefined) ? fitColumns(columns, rows, width) : undefined;
  if (fitted) columns = fitted.columns;
  const head = columns.map((c) => terminalSafe(c.header.toUpperCase()));
  let cells = rows.map((row) => columns.map((c) => terminalSafe((c.format ?? cell)(pick(row, c.key)))));
  if (fitted) cells = cells.map((row) => row.map((text, i) => wrapText(text, fitted.widths[i]!)));
  const widths = fitted?.widths ?? fitWidths(head, cells, width);
  const table = new Table({
    head: head.map((h) => chalk.bold(h)),
    chars: NO_BORDERS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colAligns: columns.map((c) => c.align ?? 'left'),
    ...(widths ? { colWidths: widths } : {}),
  });
  for (const row of cells) table.push(row);
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/**
 * Column widths that fit `width` (two spaces between columns), taken from the widest columns first and
 * never below a header's length or 6; undefined when the table fits as it is (or no width is known).
 */
export function fitWidths(head: readonly string[], cells: readonly string[][], width?: number): number[] | undefined {
  if (!width) return undefined;
  const longest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));
  const widths = head.map((h, i) => Math.max(longest(h), ...cells.map((row) => longest(row[i] ?? ''))));
  const floor = head.map((h) => Math.max(longest(h), 6));
  const room = width - 2 * (head.length - 1);
  let total = widths.reduce((a, b) => a + b, 0);
  if (total <= room) return undefined;
  while (total > room) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++)
      if (widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

/**
 * A layout for `width` columns where some columns wrap (`wrap`: the least width they keep) and others may go
 * (`priority`): columns with a priority are dropped, lowest first, until the others fit at their full width and the
 * wrapped ones at their least; the wrapped ones then take what is left in turn, up to their full width. Nothing is cut.
 */
export function fitColumns(
  all: readonly Column[],
  rows: readonly Record<string, unknown>[],
  width: number,
): { columns: Column[]; widths: number[] } {
  const full = new Map(
    all.map((c) => {
      const texts = rows.map((row) => terminalSafe((c.format ?? cell)(pick(row, c.key))));
      const longest = Math.max(c.header.length, ...texts.flatMap((t) => t.split('\n').map((l) => [...l].length)));
      return [c, longest] as const;
    }),
  );
  const least = (c: Column) =>
    c.wrap === undefined ? full.get(c)! : Math.min(full.get(c)!, Math.max(c.wrap, c.header.length));
  const room = (cs: readonly Column[]) => width - 2 * (cs.length - 1);
  let columns = [...all];
  const droppable = all.filter((c) => c.priority !== undefined).sort((a, b) => a.priority! - b.priority!);
  while (droppable.length > 0 && columns.reduce((s, c) => s + least(c), 0) > room(columns)) {
    const gone = droppable.shift()!;
    columns = columns.filter((c) => c !== gone);
  }
  const widths = columns.map(least);
  let spare = room(columns) - widths.reduce((s, w) => s + w, 0);
  // What is left goes to the wrapped columns in their order (the first, a title, whole first), up to their full width.
  columns.forEach((c, i) => {
    const grow = Math.max(0, Math.min(spare, full.get(c)! - widths[i]!));
    widths[i]! += grow;
    spare -= grow;
  });
  return { columns, widths };
}
