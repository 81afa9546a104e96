/** inv feedback list: feedback left on orders. */
import type { Command } from 'commander';
import type { Feedback } from '../../api/inventory-types.js';
import type { Runner } from '../../cli/command.js';
import { pagingOptions, readPaging, type PagingFlags } from '../paging.js';
import { FEEDBACKS_VIEW } from './views.js';

/** Registers `inv feedback list`. */
export function register(feedback: Command, run: Runner): void {
  pagingOptions(feedback.command('list'))
    .description('list feedback (one page, or --all)')
    .addHelpText('after', '\nExample:\n  inv feedback list --all')
    .action(
      run<PagingFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(FEEDBACKS_VIEW);
        await out.render((await ctx.inventory()).list<Feedback>('feedbacks', readPaging(flags)));
      }),
    );
}
