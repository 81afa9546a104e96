/** inv items list: a page of items, or every item with --all (streamed as pages arrive). */
import type { Command } from 'commander';
import type { Item } from '../../api/inventory-types.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { remembering } from '../../cli/completion/names.js';
import { pagingOptions, readPaging, renderPage, type ListPaging, type PagingFlags } from '../paging.js';
import { ITEMS_VIEW } from './item-fields.js';

export const meta: Meta = { name: 'list', summary: 'list items (one page, or --all)' };

/** Options of `inv items list`. */
export function setup(command: Command): void {
  pagingOptions(command).addHelpText(
    'after',
    [
      '\nExamples:',
      '  inv items list',
      '  inv items list --all --output ndjson > items.ndjson',
      '  inv items list --offset 100 --limit 20 --fields msku,title',
    ].join('\n'),
  );
}

/** The page (or pages) asked for. */
export function parse(_args: unknown[], flags: PagingFlags): ListPaging {
  return readPaging(flags);
}

/** Lists items, remembering their mskus for completion. */
export async function run(ctx: Ctx, paging: ListPaging): Promise<void> {
  const out = ctx.output(ITEMS_VIEW);
  const client = await ctx.inventory();
  await renderPage(ctx, out, paging, (p) =>
    remembering(ctx.io.env, 'mskus', client.list<Item>('items', p), (item) => item.msku),
  );
}
