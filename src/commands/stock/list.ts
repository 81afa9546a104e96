/** inv stock list [--msku M] [--location L] [--all] [--by msku]: quantities per item and location. */
import { choiceOption, nameOption } from '../../cli/option-kinds.js';
import type { Command } from 'commander';
import type { ItemLocation, Location } from '../../api/inventory-types.js';
import type { MskuTotal } from '../../api/stock.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx, Output } from '../../cli/ctx.js';
import { mskuArg } from '../../cli/request-body.js';
import { terminalSafe } from '../../util/sanitize.js';
import { pagingOptions, readPaging, renderPage, type ListPaging, type PagingFlags } from '../paging.js';
import { showsNames, stockView, totalsView } from './stock-views.js';

export interface StockListOptions {
  msku: string | undefined;
  /** A location id or name, found in run. */
  location: string | undefined;
  byMsku: boolean;
  paging: ListPaging;
}

interface ListFlags extends PagingFlags {
  msku?: string;
  location?: string;
  by?: 'msku';
}

export const meta: Meta = {
  name: 'list',
  summary: 'list stock: the quantity of each item in each location (one page, or --all)',
};

/** Options of `inv stock list`. */
export function setup(command: Command): void {
  pagingOptions(command)
    .addOption(nameOption('--msku <msku>', 'only this item', 'mskus'))
    .addOption(nameOption('--location <location>', 'only this location (id or name)', 'locations'))
    .addOption(choiceOption('--by <what>', 'totals per item, over every page', ['msku']))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  inv stock list --msku MUG-BLUE-11OZ',
        '  inv stock list --location "Shelf A1" --all',
        '  inv stock list --by msku',
      ].join('\n'),
    );
}

/** The item, location and page asked for. */
export function parse(_args: unknown[], flags: ListFlags): StockListOptions {
  return {
    msku: flags.msku === undefined ? undefined : mskuArg(flags.msku, '--msku'),
    location: flags.location,
    byMsku: flags.by === 'msku',
    paging: readPaging(flags),
  };
}

/** Lists stock rows, or totals per item over every page. */
export async function run(ctx: Ctx, { msku, location, byMsku, paging }: StockListOptions): Promise<void> {
  const locations = new Map<string, Location>();
  const out = byMsku ? ctx.output(totalsView(locations)) : ctx.output(stockView(locations));
  const client = await ctx.inventory();
  const [{ LocationNames }, stock] = await Promise.all([
    import('../../api/location-names.js'),
    import('../../api/stock.js'),
  ]);
  const names = new LocationNames(client);
  const locationId = location === undefined ? undefined : (await names.find(location, '--location')).id;
  if (showsNames(ctx.globals.output)) for (const [id, l] of await names.byId()) locations.set(id, l);
  const shown = byMsku
    ? await (out as Output<MskuTotal>).render(stock.totalsByMsku(await stock.allStock(client, { msku, locationId })))
    : await renderPage(ctx, out as Output<ItemLocation>, paging, (p) =>
        stock.listStock(client, { msku, locationId }, p),
      );
  // An empty list is an answer (exit 0), but a filter that matched nothing is said, with the msku it likely meant.
  if (msku === undefined || shown > 0 || (paging.offset ?? 0) > 0) return;
  const like = await stock.mskuLike(client, msku);
  const where = location === undefined ? '' : ` in ${JSON.stringify(location)}`;
  await ctx.info(
    `no stock of msku ${JSON.stringify(msku)}${where}${like ? `: did you mean ${terminalSafe(like)}?` : ''}`,
  );
}
