/** inv settings set KEY VALUE: change an account setting. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { settingKey } from './setting-key.js';
import { SETTING_VIEW } from './setting-view.js';

export const meta: Meta = {
  name: 'set',
  args: [
    ['<key>', 'setting key'],
    ['<value>', 'new value'],
  ],
  summary: 'change an account setting',
};

/** What `inv settings set` writes. */
export interface SettingsSetOptions {
  key: string;
  value: string;
}

/** Options of `inv settings set`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv settings set DEFAULT_CONDITION likeNew');
}

/** The key, checked, and the value. */
export function parse([key, value]: unknown[]): SettingsSetOptions {
  return { key: settingKey(key), value: String(value) };
}

/** Writes the setting and shows it. */
export async function run(ctx: Ctx, { key, value }: SettingsSetOptions): Promise<void> {
  const out = ctx.output(SETTING_VIEW);
  await out.render([await (await ctx.inventory()).setSetting(key, value)]);
}
