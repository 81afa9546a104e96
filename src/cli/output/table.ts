/** Borderless aligned tables on cli-table3 (imported lazily, only for table output). */
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import { cell } from '../../util/format.js';
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
  const head = columns.map((c) => terminalSafe(c.header.toUpperCase()));
  const cells = rows.map((row) => columns.map((c) => terminalSafe((c.format ?? cell)(pick(row, c.key)))));
  const widths = fitWidths(head, cells, width);
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
