/** Borderless aligned tables on cli-table3 (imported lazily, only for table output). */
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import { cell } from './format.js';
import { terminalSafe } from '../../util/sanitize.js';
import { pick, type Column } from './view.js';

const NO_BORDERS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
  'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
};

/** Lays out rows under upper-case headers, numbers right-aligned. */
export function formatTable(columns: readonly Column[], rows: readonly Record<string, unknown>[], color: boolean): string {
  const chalk = new Chalk({ level: color ? 1 : 0 });
  const table = new Table({
    head: columns.map((c) => chalk.bold(terminalSafe(c.header.toUpperCase()))),
    chars: NO_BORDERS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colAligns: columns.map((c) => c.align ?? 'left'),
  });
  for (const row of rows) {
    table.push(columns.map((c) => terminalSafe((c.format ?? cell)(pick(row, c.key)))));
  }
  return table.toString().split('\n').map((line) => line.trimEnd()).join('\n');
}
