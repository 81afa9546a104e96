/** inv feedback list: feedback left on orders. */
import type { Command } from 'commander';
import type { Feedback } from '../../api/inventory-types.js';
import type { Meta, Runner } from '../../cli/command.js';
import { pagingOptions, readPaging, type PagingFlags } from '../paging.js';
import { FEEDBACKS_VIEW } from './feedback-views.js';

export const meta: Meta = { name: 'list', summary: 'list feedback (one page, or --all)' };

/** Options and action of `inv feedback list` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  pagingOptions(command)
    .addHelpText('after', '\nExample:\n  inv feedback list --all')
    .action(
      run<PagingFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(FEEDBACKS_VIEW);
        await out.render((await ctx.inventory()).list<Feedback>('feedbacks', readPaging(flags)));
      }),
    );
}
