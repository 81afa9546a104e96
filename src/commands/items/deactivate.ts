/** inv items deactivate MSKU: set an item inactive (the API never removes items). */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mskuArg } from '../../cli/request-body.js';
import { ITEM_VIEW } from './item-fields.js';

export const meta: Meta = {
  name: 'deactivate',
  args: [['<msku>', "the item's msku"]],
  summary: 'set an item inactive (asks first unless --yes)',
};

/** Options of `inv items deactivate`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv items deactivate PUZZLE-1000 --yes');
}

/** The msku, checked like the other item verbs' before any request. */
export function parse([msku]: unknown[]): string {
  return mskuArg(msku);
}

/** Reads the item, asks (unless --yes) and sets it inactive. */
export async function run(ctx: Ctx, msku: string): Promise<void> {
  const out = ctx.output(ITEM_VIEW);
  const client = await ctx.inventory();
  const item = await client.item(msku);
  if (!(await ctx.confirm(`Deactivate ${item.msku} (${item.title})?`)))
    throw new InvError('not deactivated: the answer was no');
  await out.render([await client.deactivateItem(item.msku)]);
}
