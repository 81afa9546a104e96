/** inv stock adjust ID +N|-N: add to or take from the quantity of an item in a location. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { ITEM_LOCATION_VIEW } from '../shared/item-location-view.js';
import { itemLocationId } from './stock-args.js';

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

/** What `inv stock adjust` sends: the itemLocation and the change. */
export interface StockAdjustOptions {
  id: string;
  change: number;
}

/** Options of `inv stock adjust`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExamples:\n  inv stock adjust 1 +5\n  inv stock adjust 1 -3');
}

/** The change, then the id, each checked. */
export function parse([id, change]: unknown[]): StockAdjustOptions {
  const amount = parseChange(String(change));
  return { id: itemLocationId(id), change: amount };
}

/** Sends the change once and shows the itemLocation after it. */
export async function run(ctx: Ctx, { id, change }: StockAdjustOptions): Promise<void> {
  const out = ctx.output(ITEM_LOCATION_VIEW);
  await out.render([await (await ctx.inventory()).adjustStock(id, change)]);
}
