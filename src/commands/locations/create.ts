/** inv locations create: a new location (on a terminal, missing fields are asked; the type from a list). */
import type { Command } from 'commander';
import { LOCATION_TYPES } from '../../api/constants.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { askMissing, mergedInput, validate, type RecordInput } from '../../cli/request-body.js';
import { locationFields, locationOptions, type LocationFlags } from './location-fields.js';
import { LOCATION_VIEW } from './location-views.js';

export const meta: Meta = { name: 'create', summary: 'create a location' };

/** Options of `inv locations create`. */
export function setup(command: Command): void {
  locationOptions(command).addHelpText(
    'after',
    [
      '\nExamples:',
      '  inv locations create --display "Shelf B3" --type shelf --order 30',
      '  inv locations create            # asks, with the type picked from a list',
    ].join('\n'),
  );
}

/** The fields given as flags (the others are asked for in the run). */
export function parse(_args: unknown[], flags: LocationFlags): RecordInput {
  return { file: flags.file, fields: locationFields(flags) };
}

/** Asks for what is missing, checks the location, warns when its name is taken, and creates it. */
export async function run(ctx: Ctx, options: RecordInput): Promise<void> {
  const out = ctx.output(LOCATION_VIEW);
  const input = await mergedInput(ctx.io, options);
  const display = { what: 'the display name', flag: '--display', message: 'Display name:' };
  await askMissing(ctx, input, ['location', 'display'], display);
  input.type ??= await ctx.choose({
    what: 'the location type',
    flag: '--type',
    message: 'Type:',
    choices: LOCATION_TYPES,
  });
  const order = { what: 'the sort order', flag: '--order', message: 'Sort order (0-32767):' };
  await askMissing(ctx, input, ['location', 'order'], order);
  const location = await validate('location', input, 'location');
  const client = await ctx.inventory();
  const { LocationNames } = await import('../../api/location-names.js');
  const taken = await new LocationNames(client).named(location.display);
  if (taken.length > 0) {
    const ids = taken.map((l) => l.id).join(', ');
    await ctx.io.err.write(
      `warning: a location named "${location.display}" already exists (id ${ids}); commands that take a name will need the id\n`,
    );
  }
  await out.render([await client.createLocation(location)]);
}
