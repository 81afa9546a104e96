/** inv stock set MSKU LOCATION COUNT: a cycle count; the difference is sent once. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Location } from '../../api/inventory-types.js';
import type { Meta, Runner } from '../../cli/command.js';
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

/** Options and action of `inv stock set` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText(
      'after',
      '\nExample:\n  inv stock set MUG-BLUE-11OZ "Shelf A1" 117\n\nIf stock moved between the read and the change, the result differs from COUNT: inv warns and shows it.',
    )
    .action(
      run(async (ctx, [mskuText, where, countText]) => {
        const msku = mskuArg(mskuText);
        if (!/^\d{1,9}$/.test(String(countText).trim()))
          throw new UsageError(`count "${String(countText)}" must be a whole number, 0 or more`);
        const count = Number(countText);
        const locations = new Map<string, Location>();
        const out = ctx.output(stockView(locations, 'single'));
        const client = await ctx.inventory();
        const [{ LocationNames }, { setStock }] = await Promise.all([
          import('../../api/location-names.js'),
          import('../../api/stock.js'),
        ]);
        const names = new LocationNames(client);
        const location = await names.find(String(where), 'location');
        for (const [key, l] of await names.byId()) locations.set(key, l);
        const result = await setStock(client, msku, location.id, location.display, count);
        await ctx.info(
          `${msku} in ${location.display}: ${result.before} → ${result.after}${result.sent ? '' : ' (already counted; nothing sent)'}`,
        );
        if (result.after !== count) {
          await ctx.io.err.write(
            `warning: ${msku} in ${location.display} is now ${result.after}, not ${count}: stock moved while counting; count again\n`,
          );
        }
        await out.render([result.itemLocation]);
      }),
    );
}
