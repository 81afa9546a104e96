/** inv settings get KEY: one account setting. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { settingKey } from './setting-key.js';
import { SETTING_VIEW } from './setting-view.js';

export const meta: Meta = { name: 'get', args: [['<key>', 'setting key']], summary: 'show an account setting' };

/** Options of `inv settings get`. */
export function setup(command: Command): void {
  command.addHelpText(
    'after',
    '\nExample:\n  inv settings get OPEN_SHIPMENT_A1SANDBOXMERCHANT_ATVPDKIKX0DER_PHX7_SELLER_LABEL',
  );
}

/** The key, checked as set checks it (the API answers 400 to such a key on a read too). */
export function parse([key]: unknown[]): string {
  return settingKey(key);
}

/** Shows the setting. */
export async function run(ctx: Ctx, key: string): Promise<void> {
  const out = ctx.output(SETTING_VIEW);
  await out.render([await (await ctx.inventory()).setting(key)]);
}
