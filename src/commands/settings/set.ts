/** inv settings set KEY VALUE: change an account setting. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { SETTING_VIEW } from './setting-view.js';

export const meta: Meta = {
  name: 'set',
  args: [
    ['<key>', 'setting key'],
    ['<value>', 'new value'],
  ],
  summary: 'change an account setting',
};

/** Options and action of `inv settings set` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv settings set DEFAULT_CONDITION likeNew').action(
    run(async (ctx, [key, value]) => {
      if (!/^[A-Za-z0-9_.-]{1,200}$/.test(key as string))
        throw new UsageError(`setting key "${String(key)}" may hold letters, digits, _ . - (1 to 200 characters)`);
      const out = ctx.output(SETTING_VIEW);
      await out.render([await (await ctx.inventory()).setSetting(key as string, value as string)]);
    }),
  );
}
