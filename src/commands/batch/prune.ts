/** inv batch prune --older-than DAYS: removes the journals of batches last run before then. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { wholeNumber } from '../../cli/request-body.js';
import { stateDir } from '../../config/paths.js';
import { originOf } from '../../http/url.js';

export const meta: Meta = {
  name: 'prune',
  summary: 'remove the journals of batches last run more than DAYS days ago (a pruned batch name can be run anew)',
};

/** Options and action of `inv batch prune` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--older-than <days>', 'age in days of the last run')
    .option(
      '--force',
      'also remove batches with rows in doubt, failed or not sent (a rerun then sends their done rows again)',
    )
    .addHelpText('after', '\nExamples:\n  inv batch prune --older-than 30')
    .action(
      run<{ olderThan?: string; force?: boolean }>(async (ctx, _args, flags) => {
        if (flags.olderThan === undefined) throw new UsageError('give --older-than DAYS');
        const days = wholeNumber(flags.olderThan, '--older-than', 0, 36_500)!;
        const { pruneBatches } = await import('../../batch/kept-batches.js');
        const { removed, kept } = await pruneBatches(
          stateDir(ctx.io.env),
          originOf((await ctx.settings()).baseUrl),
          days,
          flags.force === true,
        );
        if (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson')
          await ctx.io.out.write(
            JSON.stringify({ removed: removed.map((b) => b.name), kept: kept.map((b) => b.name) }) + '\n',
          );
        await ctx.info(
          `${ctx.color.green('✓')} removed ${removed.length} batch journal(s)${removed.length ? `: ${removed.map((b) => `"${b.name}"`).join(', ')}` : ''}`,
        );
        for (const b of kept) {
          await ctx.io.err.write(
            `warning: kept "${b.name}": ${b.inDoubt} in doubt, ${b.failed} failed, ${b.pending} not sent; without its journal a rerun would send its done rows again (check it with \`inv batch show "${b.name}"\`, or prune it with --force)\n`,
          );
        }
      }),
    );
}
