/** inv locations create: a new location (on a terminal, missing fields are asked; the type from a list). */
import type { Command } from 'commander';
import { LOCATION_TYPES } from '../../api/constants.js';
import type { Meta, Runner } from '../../cli/command.js';
import { answerRule, jsonInput, validate } from '../../cli/request-body.js';
import { locationFields, locationOptions, type LocationFlags } from './location-fields.js';
import { LOCATION_VIEW } from './location-views.js';

export const meta: Meta = { name: 'create', summary: 'create a location' };

/** Options and action of `inv locations create` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  locationOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  inv locations create --display "Shelf B3" --type shelf --order 30\n  inv locations create            # asks, with the type picked from a list',
    )
    .action(
      run<LocationFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(LOCATION_VIEW);
        const input: Record<string, unknown> = { ...(await jsonInput(ctx.io, flags.file)), ...locationFields(flags) };
        // Each answer is checked as it is given (and asked again), with the rules the flags follow.
        if (input.display === undefined)
          input.display = await ctx.ask({
            what: 'the display name',
            flag: '--display',
            message: 'Display name:',
            validate: await answerRule('location', 'display'),
          });
        input.type ??= await ctx.choose({
          what: 'the location type',
          flag: '--type',
          message: 'Type:',
          choices: LOCATION_TYPES,
        });
        if (input.order === undefined)
          input.order = await ctx.ask({
            what: 'the sort order',
            flag: '--order',
            message: 'Sort order (0-32767):',
            validate: await answerRule('location', 'order'),
          });
        const location = await validate('location', input, 'location');
        const client = await ctx.inventory();
        const { LocationNames } = await import('../../api/location-names.js');
        const taken = await new LocationNames(client).named(location.display);
        if (taken.length > 0) {
          await ctx.io.err.write(
            `warning: a location named "${location.display}" already exists (id ${taken.map((l) => l.id).join(', ')}); commands that take a name will need the id\n`,
          );
        }
        await out.render([await client.createLocation(location)]);
      }),
    );
}
