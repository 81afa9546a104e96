/** inv stock adjust ID +N|-N: add to or take from the quantity of an item in a location. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';
import { ITEM_LOCATION_VIEW } from '../views.js';

/** "+5", "5" or "-3" as a whole number other than zero. */
export function parseChange(text: string): number {
  if (!/^[+-]?\d{1,9}$/.test(text.trim()) || Number(text) === 0) {
    throw new UsageError(`quantity change "${text}" must be a whole number other than zero, like +5 or -3`);
  }
  return Number(text);
}

/** Registers `inv stock adjust`. */
export function register(stock: Command, run: Runner): void {
  stock
    .command('adjust')
    .description('add to (+N) or take from (-N) the quantity of an itemLocation; sent once, never repeated')
    .argument('<itemLocationId>', 'the itemLocation id')
    .argument('<change>', '+N adds, -N subtracts')
    .addHelpText('after', '\nExamples:\n  inv stock adjust 12 +5\n  inv stock adjust 12 -3')
    .action(
      run(async (ctx, [id, change]) => {
        const amount = parseChange(change as string);
        if (!/^\d+$/.test(id as string)) throw new UsageError(`itemLocation id "${String(id)}" must be a whole number`);
        const out = ctx.output(ITEM_LOCATION_VIEW);
        await out.render([await (await ctx.inventory()).adjustStock(id as string, amount)]);
      }),
    );
}
