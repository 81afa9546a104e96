/** inv locations update ID: change some fields of a location. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mergedInput, needsAField, validate, type RecordInput } from '../../cli/request-body.js';
import { locationFields, locationOptions, type LocationFlags } from './location-fields.js';
import { LOCATION_VIEW } from './location-views.js';

export const meta: Meta = {
  name: 'update',
  args: [['<id>', 'location id']],
  summary: 'change some fields of a location',
};

/** What `inv locations update` changes: the location, and the fields given over --file's. */
export interface LocationUpdateOptions extends RecordInput {
  id: string;
}

/** Options of `inv locations update`. */
export function setup(command: Command): void {
  locationOptions(command).addHelpText(
    'after',
    '\nExample:\n  inv locations update 6 --display "Shelf B3 (top)" --order 31',
  );
}

/** The id and the fields given: something to change (unless --file has it). */
export function parse([id]: unknown[], flags: LocationFlags): LocationUpdateOptions {
  const options = { id: String(id), file: flags.file, fields: locationFields(flags) };
  if (options.file === undefined) needsAField(options.fields, '--display');
  return options;
}

/** Checks the change and sends it. */
export async function run(ctx: Ctx, options: LocationUpdateOptions): Promise<void> {
  const out = ctx.output(LOCATION_VIEW);
  const fields = await mergedInput(ctx.io, options);
  if (options.file !== undefined) needsAField(fields, '--display'); // a file that holds no field
  const patch = await validate('locationPatch', fields, 'location');
  await out.render([await (await ctx.inventory()).updateLocation(options.id, patch)]);
}
