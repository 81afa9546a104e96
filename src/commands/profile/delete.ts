/** inv profile delete NAME: remove a profile and its stored tokens. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { checkProfileExists } from '../../config/settings.js';

export const meta: Meta = {
  name: 'delete',
  args: [['<profile>', 'profile name']],
  summary: 'remove a profile with its settings and stored login (asks on a terminal; --yes in scripts)',
};

/** Options and action of `inv profile delete` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv profile delete alice --yes').action(
    run(async (ctx, [name]) => {
      const store = await ctx.config();
      checkProfileExists(name as string, store);
      if (!store.hasProfile(name as string))
        return void (await ctx.info(`profile "${String(name)}" holds nothing to delete`));
      if (!(await ctx.confirm(`Delete profile "${String(name)}" with its settings and login?`)))
        return void (await ctx.info('nothing deleted'));
      await store.deleteProfile(name as string);
      await ctx.info(`${ctx.color.green('✓')} profile "${String(name)}" deleted`);
    }),
  );
}
