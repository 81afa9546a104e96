/** inv locations list: a page of locations, or all of them. */
import type { Command } from 'commander';
import type { Location } from '../../api/inventory-types.js';
import type { Meta, Runner } from '../../cli/command.js';
import { remembering } from '../../cli/completion/names.js';
import { pagingOptions, readPaging, renderPage, type PagingFlags } from '../paging.js';
import { LOCATIONS_VIEW } from './location-views.js';

export const meta: Meta = { name: 'list', summary: 'list locations (one page, or --all)' };

/** Options and action of `inv locations list` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  pagingOptions(command)
    .addHelpText('after', '\nExamples:\n  inv locations list\n  inv locations list --all --fields id,display,type')
    .action(
      run<PagingFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(LOCATIONS_VIEW);
        const paging = readPaging(flags);
        const client = await ctx.inventory();
        await renderPage(ctx, out, flags, paging, (p) =>
          remembering(ctx.io.env, 'locations', client.list<Location>('locations', p), (l) => l.display),
        );
      }),
    );
}
