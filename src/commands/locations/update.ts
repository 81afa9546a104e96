/** inv locations update ID: change some fields of a location. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { jsonInput, validate } from '../../cli/request-body.js';
import { locationFields, locationOptions, type LocationFlags } from './location-fields.js';
import { LOCATION_VIEW } from './location-views.js';

export const meta: Meta = {
  name: 'update',
  args: [['<id>', 'location id']],
  summary: 'change some fields of a location',
};

/** Options and action of `inv locations update` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  locationOptions(command)
    .addHelpText('after', '\nExample:\n  inv locations update 6 --display "Shelf B3 (top)" --order 31')
    .action(
      run<LocationFlags>(async (ctx, [id], flags) => {
        const out = ctx.output(LOCATION_VIEW);
        const fields = { ...(await jsonInput(ctx.io, flags.file)), ...locationFields(flags) };
        if (Object.keys(fields).length === 0)
          throw new UsageError('nothing to update: give at least one field flag (e.g. --display) or --file');
        const patch = await validate('locationPatch', fields, 'location');
        await out.render([await (await ctx.inventory()).updateLocation(id as string, patch)]);
      }),
    );
}
