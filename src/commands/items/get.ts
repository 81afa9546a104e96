/** inv items get MSKU: one item. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { ITEM_VIEW } from './fields.js';

/** Registers `inv items get`. */
export function register(items: Command, run: Runner): void {
  items
    .command('get')
    .description('show one item')
    .argument('<msku>', 'the item\'s msku')
    .addHelpText('after', '\nExample:\n  inv items get MUG-BLUE-11OZ')
    .action(
      run(async (ctx, [msku]) => {
        const out = ctx.output(ITEM_VIEW);
        await out.render([await (await ctx.inventory()).item(msku as string)]);
      }),
    );
}
