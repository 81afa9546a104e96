/** inv settings get KEY: one account setting. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { SETTING_VIEW } from './setting-view.js';

export const meta: Meta = { name: 'get', args: [['<key>', 'setting key']], summary: 'show an account setting' };

/** Options and action of `inv settings get` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText(
      'after',
      '\nExample:\n  inv settings get OPEN_SHIPMENT_A1SANDBOXMERCHANT_ATVPDKIKX0DER_PHX7_SELLER_LABEL',
    )
    .action(
      run(async (ctx, [key]) => {
        const out = ctx.output(SETTING_VIEW);
        await out.render([await (await ctx.inventory()).setting(key as string)]);
      }),
    );
}
