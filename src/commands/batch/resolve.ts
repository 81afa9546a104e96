/** inv batch resolve NAME --row ID | --line N[-M] --applied|--not-applied: settles rows in doubt, once checked on the server. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { wholeNumber } from '../../cli/request-body.js';
import { stateDir } from '../../config/paths.js';
import { originOf } from '../../http/url.js';
import type { RowPick } from '../../batch/journal/kept-batches.js';

interface ResolveFlags {
  row?: string;
  line?: string;
  applied?: boolean;
  notApplied?: boolean;
}

/** The rows the flags name: --row ID, or --line N or N-M. */
function pickOf(flags: ResolveFlags): RowPick {
  if ((flags.row === undefined) === (flags.line === undefined))
    throw new UsageError('give --row ID or --line N (from `inv batch show`), not both');
  if (flags.row !== undefined) {
    if (!/^[0-9a-f]{16}$/.test(flags.row))
      throw new UsageError(`--row "${flags.row}" must be a row id: 16 hex digits, as \`inv batch show\` prints them`);
    return { row: flags.row };
  }
  const [first, last = first, ...rest] = flags.line!.split('-');
  if (rest.length > 0) throw new UsageError(`--line "${flags.line}" must be a line N or a range N-M`);
  const from = wholeNumber(first!, '--line', 1, Number.MAX_SAFE_INTEGER)!;
  const to = wholeNumber(last!, '--line', 1, Number.MAX_SAFE_INTEGER)!;
  if (to < from)
    throw new UsageError(`--line "${flags.line}": the range must not end (${to}) before it starts (${from})`);
  return { from, to };
}

export const meta: Meta = {
  name: 'resolve',
  args: [['<batch>', 'the batch name']],
  summary: 'mark rows in doubt as applied (done) or not applied (a rerun sends them), after checking the server',
};

/** Which rows of which batch, and what became of them. */
export interface ResolveOptions {
  name: string;
  pick: RowPick;
  /** true: the rows were applied (done); false: they were not (failed, sent by the next run). */
  applied: boolean;
}

/** Options of `inv batch resolve` (declared from `meta`). */
export function setup(command: Command): void {
  command
    .option('--row <id>', "the row's id (the row column of inv batch show)")
    .option('--line <n>', "the row's line (N, or a range N-M), when it names one row of the batch (see inv batch show)")
    .option('--applied', 'the move was made: mark the row done')
    .option('--not-applied', 'the move was not made: mark the row failed, so the next run sends it')
    .addHelpText(
      'after',
      [
        '',
        'A line names a row only when no other row of the batch recorded the same line (rows inserted above between',
        'runs move lines); otherwise nothing is changed and the candidates are listed with their ids.',
        '',
        'Examples:',
        '  inv batch resolve replenish-2026-11-24 --line 17 --applied',
        '  inv batch resolve replenish-2026-11-24 --line 18-21 --not-applied',
        '  inv batch resolve replenish-2026-11-24 --row cf348c3b68a43e49 --applied',
      ].join('\n'),
    );
}

/** The batch, the rows (--row or --line) and exactly one of --applied and --not-applied. */
export function parse([name]: unknown[], flags: ResolveFlags): ResolveOptions {
  const pick = pickOf(flags);
  if (Boolean(flags.applied) === Boolean(flags.notApplied))
    throw new UsageError('give exactly one of --applied or --not-applied');
  return { name: name as string, pick, applied: Boolean(flags.applied) };
}

/** Marks the rows in the journal and says which. */
export async function run(ctx: Ctx, { name, pick, applied }: ResolveOptions): Promise<void> {
  const { findBatch, resolveRows } = await import('../../batch/journal/kept-batches.js');
  const settings = await ctx.settings();
  const batch = await findBatch(stateDir(ctx.io.env), name, originOf(settings.baseUrl));
  const rows = await resolveRows(batch, pick, applied);
  if (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson') {
    const shown = rows.map((r) => ({ row: r.id, line: r.line ?? null, state: r.state }));
    await ctx.io.out.write(JSON.stringify({ batch: batch.info.name, rows: shown }) + '\n');
  }
  const now = applied ? 'done' : 'failed: the next run sends them';
  const lines = 'row' in pick ? '' : pick.from === pick.to ? String(pick.from) : `${pick.from}-${pick.to}`;
  const which =
    rows.length <= 5
      ? rows.map((r) => `row ${r.id} (line ${r.line ?? '?'})`).join(', ')
      : `${rows.length} rows in doubt on lines ${lines}`;
  await ctx.info(`${ctx.color.green('✓')} ${which} of batch "${batch.info.name}": ${now}`);
}
