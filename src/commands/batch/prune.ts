/** inv batch prune --older-than DAYS: removes the journals of batches last run before then. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { numberOption } from '../../cli/option-numbers.js';
import { stateDir } from '../../config/paths.js';
import { originOf } from '../../http/url.js';

export const meta: Meta = {
  name: 'prune',
  summary: 'remove the journals of batches last run more than DAYS days ago (a pruned batch name can be run anew)',
};

/** What `inv batch prune` removes: batches last run over `days` days ago; with `force`, unfinished ones too. */
export interface PruneOptions {
  days: number;
  force: boolean;
}

/** Options of `inv batch prune` (declared from `meta`). */
export function setup(command: Command): void {
  command
    .addOption(numberOption('--older-than <days>', 'age in days of the last run', { min: 0, max: 36_500 }))
    .option(
      '--force',
      'also remove batches with rows in doubt, failed or not sent (a rerun then sends their done rows again)',
    )
    .addHelpText('after', '\nExamples:\n  inv batch prune --older-than 30');
}

/** The age in whole days (required) and --force. */
export function parse(_args: unknown[], flags: { olderThan?: number; force?: boolean }): PruneOptions {
  if (flags.olderThan === undefined) throw new UsageError('give --older-than DAYS');
  return { days: flags.olderThan, force: flags.force === true };
}

/** Removes the journals, and warns of each unfinished batch it kept. */
export async function run(ctx: Ctx, { days, force }: PruneOptions): Promise<void> {
  const { pruneBatches } = await import('../../batch/journal/kept-batches.js');
  const origin = originOf((await ctx.settings()).baseUrl);
  const { removed, kept } = await pruneBatches(stateDir(ctx.io.env), origin, days, force);
  if (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson')
    await ctx.io.out.write(
      JSON.stringify({ removed: removed.map((b) => b.name), kept: kept.map((b) => b.name) }) + '\n',
    );
  const names = removed.length ? `: ${removed.map((b) => `"${b.name}"`).join(', ')}` : '';
  await ctx.info(`${ctx.color.green('✓')} removed ${removed.length} batch journal(s)${names}`);
  for (const b of kept) {
    const counts = `${b.inDoubt} in doubt, ${b.failed} failed, ${b.pending} not sent`;
    const why = 'without its journal a rerun would send its done rows again';
    const next = `check it with \`inv batch show "${b.name}"\`, or prune it with --force`;
    await ctx.io.err.write(`warning: kept "${b.name}": ${counts}; ${why} (${next})\n`);
  }
}
