/** inv stock get ID: one itemLocation (the quantity of an item in a location). */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Location } from '../../api/inventory-types.js';
import type { Meta, Runner } from '../../cli/command.js';
import { showsNames, stockView } from './stock-views.js';

export const meta: Meta = {
  name: 'get',
  args: [['<itemLocationId>', 'the itemLocation id (see `inv stock list`)']],
  summary: "show one itemLocation: an item's quantity in one location",
};

/** Options and action of `inv stock get` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv stock get 1').action(
    run(async (ctx, [id]) => {
      if (!/^\d+$/.test(id as string))
        throw new UsageError(
          `itemLocation id "${String(id)}" must be a whole number`,
          'see `inv stock list` for the ids',
        );
      const locations = new Map<string, Location>();
      const out = ctx.output(stockView(locations, 'single'));
      const client = await ctx.inventory();
      const il = await client.itemLocation(id as string);
      const { LocationNames } = await import('../../api/location-names.js');
      if (showsNames(ctx.globals.output))
        for (const [key, l] of await new LocationNames(client).byId()) locations.set(key, l);
      await out.render([il]);
    }),
  );
}
