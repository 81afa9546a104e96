/** inv items deactivate MSKU: set an item inactive (the API never removes items). */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { ITEM_VIEW } from './item-fields.js';

export const meta: Meta = {
  name: 'deactivate',
  args: [['<msku>', "the item's msku"]],
  summary: 'set an item inactive (asks first unless --yes)',
};

/** Options and action of `inv items deactivate` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv items deactivate PUZZLE-1000 --yes').action(
    run(async (ctx, [msku]) => {
      const out = ctx.output(ITEM_VIEW);
      const client = await ctx.inventory();
      const item = await client.item(msku as string);
      if (!(await ctx.confirm(`Deactivate ${item.msku} (${item.title})?`)))
        throw new InvError('not deactivated: the answer was no');
      await out.render([await client.deactivateItem(item.msku)]);
    }),
  );
}
