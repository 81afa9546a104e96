/** inv profile rename OLD NEW: a profile under a new name, login and all. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { checkProfileExists } from '../../config/settings.js';
import { profileNameArg } from './profile-name.js';

export const meta: Meta = {
  name: 'rename',
  args: [
    ['<old>', 'current name'],
    ['<new>', 'new name'],
  ],
  summary: 'give a profile a new name (its login stays)',
};

/** Options and action of `inv profile rename` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv profile rename sandbox local').action(
    run(async (ctx, [from, toText]) => {
      const to = profileNameArg(toText, 'new profile name');
      const store = await ctx.config();
      checkProfileExists(from as string, store);
      if (store.hasProfile(to))
        throw new UsageError(`profile "${to}" already exists`, `delete it first with \`inv profile delete ${to}\``);
      await store.renameProfile(from as string, to);
      await ctx.info(`${ctx.color.green('✓')} profile "${String(from)}" is now "${to}"`);
    }),
  );
}
