/** inv batch resolve NAME --line N --applied|--not-applied: settles a row in doubt after the user checked the server. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { wholeNumber } from '../../cli/input.js';
import { stateDir } from '../../config/paths.js';
import { originOf } from '../../http/url.js';

interface ResolveFlags {
  line?: string;
  applied?: boolean;
  notApplied?: boolean;
}

export const meta: Meta = { name: 'resolve', args: [['<batch>', 'the batch name']], summary: 'mark a row in doubt as applied (done) or not applied (a rerun sends it), after checking the server' };

/** Options and action of `inv batch resolve` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--line <n>', 'the row\'s line in the input (see inv batch show)')
    .option('--applied', 'the move was made: mark the row done')
    .option('--not-applied', 'the move was not made: mark the row failed, so the next run sends it')
    .addHelpText('after', '\nExamples:\n  inv batch resolve replenish-2026-11-24 --line 17 --applied\n  inv batch resolve replenish-2026-11-24 --line 18 --not-applied')
    .action(
      run<ResolveFlags>(async (ctx, [name], flags) => {
        if (flags.line === undefined) throw new UsageError('give --line N (the row\'s line, from `inv batch show`)');
        const line = wholeNumber(flags.line, '--line', 1, Number.MAX_SAFE_INTEGER)!;
        if (Boolean(flags.applied) === Boolean(flags.notApplied)) throw new UsageError('give exactly one of --applied or --not-applied');
        const { findBatch, resolveRow } = await import('../../batch/store.js');
        const settings = await ctx.settings();
        const origin = originOf(settings.baseUrl);
        const row = await resolveRow(await findBatch(stateDir(ctx.io.env), settings.profile, name as string, origin), line, Boolean(flags.applied));
        if (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson') await ctx.io.out.write(JSON.stringify({ batch: name, line, state: row.state, row: row.id }) + '\n');
        await ctx.info(`${ctx.color.green('✓')} line ${line} of batch "${String(name)}" is now ${row.state === 'done' ? 'done' : 'failed: the next run sends it'}`);
      }),
    );
}
