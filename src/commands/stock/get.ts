/** inv stock get ID: one itemLocation (the quantity of an item in a location). */
import type { Command } from 'commander';
import type { Location } from '../../api/inventory-types.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { itemLocationId } from './stock-args.js';
import { showsNames, stockView } from './stock-views.js';

export const meta: Meta = {
  name: 'get',
  args: [['<itemLocationId>', 'the itemLocation id (see `inv stock list`)']],
  summary: "show one itemLocation: an item's quantity in one location",
};

/** Options of `inv stock get`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv stock get 1');
}

/** The itemLocation id, checked. */
export function parse([id]: unknown[]): string {
  return itemLocationId(id, 'see `inv stock list` for the ids');
}

/** Shows the itemLocation, with its location's name on a table. */
export async function run(ctx: Ctx, id: string): Promise<void> {
  const locations = new Map<string, Location>();
  const out = ctx.output(stockView(locations, 'single'));
  const client = await ctx.inventory();
  const il = await client.itemLocation(id);
  const { LocationNames } = await import('../../api/location-names.js');
  if (showsNames(ctx.globals.output))
    for (const [key, l] of await new LocationNames(client).byId()) locations.set(key, l);
  await out.render([il]);
}
