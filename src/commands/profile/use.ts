/** inv profile use NAME: make a stored profile (or "default") the one used by default. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { checkProfileExists } from '../../config/settings.js';

export const meta: Meta = {
  name: 'use',
  args: [['<profile>', 'profile name']],
  summary: 'make a profile the one used by default',
};

/** Options and action of `inv profile use` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExamples:\n  inv profile use sandbox\n  inv profile use default').action(
    run(async (ctx, [name]) => {
      const store = await ctx.config();
      checkProfileExists(name as string, store);
      await store.useProfile(name as string);
      await ctx.info(`${ctx.color.green('✓')} now using profile "${String(name)}"`);
    }),
  );
}
