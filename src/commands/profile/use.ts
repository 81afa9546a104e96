/** inv profile use NAME: make a stored profile (or "default") the one used by default. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { checkProfileExists } from '../../config/settings.js';

/** Registers `inv profile use`. */
export function register(profile: Command, run: Runner): void {
  profile
    .command('use')
    .description('make a profile the one used by default')
    .argument('<name>', 'profile name')
    .addHelpText('after', '\nExamples:\n  inv profile use sandbox\n  inv profile use default')
    .action(
      run(async (ctx, [name]) => {
        const store = await ctx.config();
        checkProfileExists(name as string, store);
        await store.useProfile(name as string);
        await ctx.info(`${ctx.color.green('✓')} now using profile "${String(name)}"`);
      }),
    );
}
