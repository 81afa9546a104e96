/** inv feedback list: feedback left on orders. */
import type { Command } from 'commander';
import type { Feedback } from '../../api/inventory-types.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { pagingOptions, readPaging, type ListPaging, type PagingFlags } from '../paging.js';
import { FEEDBACKS_VIEW } from './feedback-views.js';

export const meta: Meta = { name: 'list', summary: 'list feedback (one page, or --all)' };

/** Options of `inv feedback list`. */
export function setup(command: Command): void {
  pagingOptions(command).addHelpText('after', '\nExample:\n  inv feedback list --all');
}

/** The page (or pages) asked for. */
export function parse(_args: unknown[], flags: PagingFlags): ListPaging {
  return readPaging(flags);
}

/** Lists feedback. */
export async function run(ctx: Ctx, paging: ListPaging): Promise<void> {
  const out = ctx.output(FEEDBACKS_VIEW);
  await out.render((await ctx.inventory()).list<Feedback>('feedbacks', paging));
}
