/** inv locations get ID|NAME: one location, by id or by display name. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { LOCATION_VIEW } from './views.js';

/** Registers `inv locations get`. */
export function register(locations: Command, run: Runner): void {
  locations
    .command('get')
    .description('show one location, by id or by name')
    .argument('<location>', 'location id or display name')
    .addHelpText('after', '\nExamples:\n  inv locations get 3\n  inv locations get "Shelf A1"')
    .action(
      run(async (ctx, [ref]) => {
        const out = ctx.output(LOCATION_VIEW);
        const client = await ctx.inventory();
        const { LocationNames } = await import('../../api/location-names.js');
        const id = await new LocationNames(client).id(String(ref), 'location');
        await out.render([await client.location(id)]);
      }),
    );
}
