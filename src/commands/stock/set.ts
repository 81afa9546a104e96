/** inv stock set MSKU LOCATION COUNT: a cycle count; the difference is sent once. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Location } from '../../api/inventory-types.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mskuArg } from '../../cli/request-body.js';
import { stockView } from './stock-views.js';

export const meta: Meta = {
  name: 'set',
  args: [
    ['<msku>', 'the item'],
    ['<location>', 'the location (id or name)'],
    ['<count>', 'the quantity counted (0 or more)'],
  ],
  summary:
    'set the counted quantity of an item in a location: reads it, sends the difference once, shows before → after',
};

/** What `inv stock set` counts: the item, where (an id or a name, found in the run), and how many. */
export interface StockSetOptions {
  msku: string;
  location: string;
  count: number;
}

/** Options of `inv stock set`. */
export function setup(command: Command): void {
  command.addHelpText(
    'after',
    [
      '\nExample:',
      '  inv stock set MUG-BLUE-11OZ "Shelf A1" 117',
      '\nIf stock moved between the read and the change, the result differs from COUNT: inv warns and shows it.',
    ].join('\n'),
  );
}

/** The msku and the count, checked. */
export function parse([msku, location, count]: unknown[]): StockSetOptions {
  const options = { msku: mskuArg(msku), location: String(location), count: Number(count) };
  if (!/^\d{1,9}$/.test(String(count).trim()))
    throw new UsageError(`count "${String(count)}" must be a whole number, 0 or more`);
  return options;
}

/** Reads the quantity, sends the difference once, and shows before → after (warning when stock moved meanwhile). */
export async function run(ctx: Ctx, { msku, location: where, count }: StockSetOptions): Promise<void> {
  const locations = new Map<string, Location>();
  const out = ctx.output(stockView(locations, 'single'));
  const client = await ctx.inventory();
  const [{ LocationNames }, { setStock }] = await Promise.all([
    import('../../api/location-names.js'),
    import('../../api/stock.js'),
  ]);
  const names = new LocationNames(client);
  const location = await names.find(where, 'location');
  for (const [key, l] of await names.byId()) locations.set(key, l);
  const result = await setStock(client, msku, location.id, location.display, count);
  const unchanged = result.sent ? '' : ' (already counted; nothing sent)';
  await ctx.info(`${msku} in ${location.display}: ${result.before} → ${result.after}${unchanged}`);
  if (result.after !== count) {
    await ctx.io.err.write(
      `warning: ${msku} in ${location.display} is now ${result.after}, not ${count}: stock moved while counting; count again\n`,
    );
  }
  await out.render([result.itemLocation]);
}
