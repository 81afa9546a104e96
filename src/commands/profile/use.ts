/** inv profile use NAME: make a stored profile the default. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';

/** Registers `inv profile use`. */
export function register(profile: Command, run: Runner): void {
  profile
    .command('use')
    .description('make a profile the one used by default')
    .argument('<name>', 'profile name')
    .addHelpText('after', '\nExample:\n  inv profile use sandbox')
    .action(
      run(async (ctx, [name]) => {
        const store = await ctx.config();
        if (!store.hasProfile(name as string)) {
          const known = store.profileNames();
          throw new UsageError(`no profile named "${String(name)}"`, known.length ? `profiles: ${known.join(', ')}` : 'create one with `inv --profile NAME config set KEY VALUE`, or start `inv sandbox`');
        }
        await store.useProfile(name as string);
        await ctx.info(`${ctx.color.green('✓')} now using profile "${String(name)}"`);
      }),
    );
}
