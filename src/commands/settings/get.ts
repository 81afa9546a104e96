/** inv settings get KEY: one account setting. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { SETTING_VIEW } from './view.js';

/** Registers `inv settings get`. */
export function register(settings: Command, run: Runner): void {
  settings
    .command('get')
    .description('show an account setting')
    .argument('<key>', 'setting key')
    .addHelpText('after', '\nExample:\n  inv settings get OPEN_SHIPMENT_A1SANDBOXMERCHANT_ATVPDKIKX0DER_PHX7_SELLER_LABEL')
    .action(
      run(async (ctx, [key]) => {
        const out = ctx.output(SETTING_VIEW);
        await out.render([await (await ctx.inventory()).setting(key as string)]);
      }),
    );
}
