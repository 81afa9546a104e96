/** inv stock adjust ID +N|-N: add to or take from the quantity of an item in a location. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { ITEM_LOCATION_VIEW } from '../shared/item-location-view.js';

/** "+5", "5" or "-3" as a whole number other than zero. */
export function parseChange(text: string): number {
  if (!/^[+-]?\d{1,9}$/.test(text.trim()) || Number(text) === 0) {
    throw new UsageError(`quantity change "${text}" must be a whole number other than zero, like +5 or -3`);
  }
  return Number(text);
}

export const meta: Meta = {
  name: 'adjust',
  args: [
    ['<itemLocationId>', 'the itemLocation id'],
    ['<change>', '+N adds, -N subtracts'],
  ],
  summary: 'add to (+N) or take from (-N) the quantity of an itemLocation; sent once, never repeated',
};

/** Options and action of `inv stock adjust` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExamples:\n  inv stock adjust 1 +5\n  inv stock adjust 1 -3').action(
    run(async (ctx, [id, change]) => {
      const amount = parseChange(change as string);
      if (!/^\d+$/.test(id as string)) throw new UsageError(`itemLocation id "${String(id)}" must be a whole number`);
      const out = ctx.output(ITEM_LOCATION_VIEW);
      await out.render([await (await ctx.inventory()).adjustStock(id as string, amount)]);
    }),
  );
}
