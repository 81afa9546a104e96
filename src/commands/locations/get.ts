/** inv locations get ID: one location. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { LOCATION_VIEW } from './views.js';

/** Registers `inv locations get`. */
export function register(locations: Command, run: Runner): void {
  locations
    .command('get')
    .description('show one location')
    .argument('<id>', 'location id')
    .addHelpText('after', '\nExample:\n  inv locations get 3')
    .action(
      run(async (ctx, [id]) => {
        const out = ctx.output(LOCATION_VIEW);
        await out.render([await (await ctx.inventory()).location(id as string)]);
      }),
    );
}
