/** inv stock get ID: one itemLocation (the quantity of an item in a location). */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Location } from '../../api/inventory-types.js';
import type { Runner } from '../../cli/command.js';
import { showsNames, stockView } from './shared.js';

/** Registers `inv stock get`. */
export function register(stock: Command, run: Runner): void {
  stock
    .command('get')
    .description('show one itemLocation: an item\'s quantity in one location')
    .argument('<itemLocationId>', 'the itemLocation id (see `inv stock list`)')
    .addHelpText('after', '\nExample:\n  inv stock get 1')
    .action(
      run(async (ctx, [id]) => {
        if (!/^\d+$/.test(id as string)) throw new UsageError(`itemLocation id "${String(id)}" must be a whole number`, 'see `inv stock list` for the ids');
        const locations = new Map<string, Location>();
        const out = ctx.output(stockView(locations, 'single'));
        const client = await ctx.inventory();
        const il = await client.itemLocation(id as string);
        const { LocationNames } = await import('../../api/location-names.js');
        if (showsNames(ctx.globals.output)) for (const [key, l] of await new LocationNames(client).byId()) locations.set(key, l);
        await out.render([il]);
      }),
    );
}
