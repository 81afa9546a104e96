/** inv locations get ID|NAME: one location, by id or by display name. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { LOCATION_VIEW } from './location-views.js';

export const meta: Meta = {
  name: 'get',
  args: [['<location>', 'location id or display name']],
  summary: 'show one location, by id or by name',
};

/** Options of `inv locations get`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExamples:\n  inv locations get 3\n  inv locations get "Shelf A1"');
}

/** The location's id or name, as given (found in the run). */
export function parse([ref]: unknown[]): string {
  return String(ref);
}

/** Finds the location by id or name and shows it. */
export async function run(ctx: Ctx, ref: string): Promise<void> {
  const out = ctx.output(LOCATION_VIEW);
  const client = await ctx.inventory();
  const { LocationNames } = await import('../../api/location-names.js');
  const id = await new LocationNames(client).id(ref, 'location');
  await out.render([await client.location(id)]);
}
