/** inv items get MSKU: one item; its table also shows the quantity in each location. */
import type { Command } from 'commander';
import type { Item, ItemLocation } from '../../api/inventory-types.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mskuArg } from '../../cli/request-body.js';
import type { View } from '../../cli/output/view.js';
import { locationLabel, showsNames } from '../stock/stock-views.js';
import { ITEM_VIEW } from './item-fields.js';

export const meta: Meta = {
  name: 'get',
  args: [['<msku>', "the item's msku"]],
  summary: 'show one item (its table also shows the quantity in each location)',
};

/** Options of `inv items get`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv items get MUG-BLUE-11OZ');
}

/** The msku, checked. */
export function parse([msku]: unknown[]): string {
  return mskuArg(msku);
}

/** Shows the item; on a table, with its quantity in each location. */
export async function run(ctx: Ctx, msku: string): Promise<void> {
  const stockRows: Array<{ field: string; value: string }> = [];
  const view: View<Item> = { ...ITEM_VIEW, rows: (item) => [...ITEM_VIEW.rows!(item), ...stockRows] };
  const out = ctx.output(view);
  const client = await ctx.inventory();
  const item = await client.item(msku);
  if (showsNames(ctx.globals.output) && !ctx.globals.fields) {
    const [{ LocationNames }, { allStock }] = await Promise.all([
      import('../../api/location-names.js'),
      import('../../api/stock.js'),
    ]);
    // Quantities are extra on a table: a server that does not list stock still shows the item.
    const stock = await allStock(client, { msku }).catch((): ItemLocation[] => []);
    const locations = stock.length > 0 ? await new LocationNames(client).byId() : new Map();
    for (const il of stock)
      stockRows.push({
        field: `stock in ${locationLabel(il.locationId, locations)} (${il.locationId})`,
        value: il.quantity,
      });
    if (stock.length > 0)
      stockRows.push({ field: 'stock in all', value: String(stock.reduce((n, il) => n + Number(il.quantity), 0)) });
  }
  await out.render([item]);
}
