/** inv locations get ID|NAME: one location, by id or by display name. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { LOCATION_VIEW } from './location-views.js';

export const meta: Meta = {
  name: 'get',
  args: [['<location>', 'location id or display name']],
  summary: 'show one location, by id or by name',
};

/** Options and action of `inv locations get` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExamples:\n  inv locations get 3\n  inv locations get "Shelf A1"').action(
    run(async (ctx, [ref]) => {
      const out = ctx.output(LOCATION_VIEW);
      const client = await ctx.inventory();
      const { LocationNames } = await import('../../api/location-names.js');
      const id = await new LocationNames(client).id(String(ref), 'location');
      await out.render([await client.location(id)]);
    }),
  );
}
