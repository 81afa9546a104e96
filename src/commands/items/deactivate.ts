/** inv items deactivate MSKU: set an item inactive (the API never removes items). */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';
import { ITEM_VIEW } from './fields.js';

/** Registers `inv items deactivate`. */
export function register(items: Command, run: Runner): void {
  items
    .command('deactivate')
    .description('set an item inactive (asks first unless --yes)')
    .argument('<msku>', 'the item\'s msku')
    .addHelpText('after', '\nExample:\n  inv items deactivate PUZZLE-1000 --yes')
    .action(
      run(async (ctx, [msku]) => {
        const out = ctx.output(ITEM_VIEW);
        const client = await ctx.inventory();
        const item = await client.item(msku as string);
        if (!(await ctx.confirm(`Deactivate ${item.msku} (${item.title})?`))) throw new InvError('not deactivated: the answer was no');
        await out.render([await client.deactivateItem(item.msku)]);
      }),
    );
}
