/** inv locations list: a page of locations, or all of them. */
import type { Command } from 'commander';
import type { Location } from '../../api/inventory-types.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { remembering } from '../../cli/completion/names.js';
import { pagingOptions, readPaging, renderPage, type ListPaging, type PagingFlags } from '../paging.js';
import { LOCATIONS_VIEW } from './location-views.js';

export const meta: Meta = { name: 'list', summary: 'list locations (one page, or --all)' };

/** Options of `inv locations list`. */
export function setup(command: Command): void {
  pagingOptions(command).addHelpText(
    'after',
    '\nExamples:\n  inv locations list\n  inv locations list --all --fields id,display,type',
  );
}

/** The page (or pages) asked for. */
export function parse(_args: unknown[], flags: PagingFlags): ListPaging {
  return readPaging(flags);
}

/** Lists locations, remembering their names for completion. */
export async function run(ctx: Ctx, paging: ListPaging): Promise<void> {
  const out = ctx.output(LOCATIONS_VIEW);
  const client = await ctx.inventory();
  await renderPage(ctx, out, paging, (p) =>
    remembering(ctx.io.env, 'locations', client.list<Location>('locations', p), (l) => l.display),
  );
}
