/** inv items list: a page of items, or every item with --all (streamed as pages arrive). */
import type { Command } from 'commander';
import type { Item } from '../../api/inventory-types.js';
import type { Meta, Runner } from '../../cli/command.js';
import { remembering } from '../../cli/completion/names.js';
import { pagingOptions, readPaging, renderPage, type PagingFlags } from '../paging.js';
import { ITEMS_VIEW } from './item-fields.js';

export const meta: Meta = { name: 'list', summary: 'list items (one page, or --all)' };

/** Options and action of `inv items list` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  pagingOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  inv items list\n  inv items list --all --output ndjson > items.ndjson\n  inv items list --offset 100 --limit 20 --fields msku,title',
    )
    .action(
      run<PagingFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(ITEMS_VIEW);
        const paging = readPaging(flags);
        const client = await ctx.inventory();
        await renderPage(ctx, out, flags, paging, (p) =>
          remembering(ctx.io.env, 'mskus', client.list<Item>('items', p), (item) => item.msku),
        );
      }),
    );
}
