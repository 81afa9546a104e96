/** inv locations list: a page of locations, or all of them. */
import type { Command } from 'commander';
import type { Location } from '../../api/inventory-types.js';
import type { Runner } from '../../cli/command.js';
import { pagingOptions, readPaging, renderPage, type PagingFlags } from '../paging.js';
import { LOCATIONS_VIEW } from './views.js';

/** Registers `inv locations list`. */
export function register(locations: Command, run: Runner): void {
  pagingOptions(locations.command('list'))
    .description('list locations (one page, or --all)')
    .addHelpText('after', '\nExamples:\n  inv locations list\n  inv locations list --all --fields id,display,type')
    .action(
      run<PagingFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(LOCATIONS_VIEW);
        const paging = readPaging(flags);
        const client = await ctx.inventory();
        await renderPage(ctx, out, flags, paging, (p) => client.list<Location>('locations', p));
      }),
    );
}
