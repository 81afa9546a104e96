/** inv config unset KEY: remove one setting from the profile. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { getPath, setPath } from '../../config/schema.js';

export const meta: Meta = {
  name: 'unset',
  args: [['<key>', 'e.g. researchUrl, research.keyIn']],
  summary: 'remove one setting from the profile',
};

/** Options and action of `inv config unset` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText(
      'after',
      '\nExamples:\n  inv config unset researchUrl\n  inv --profile warehouse config unset research.keyIn',
    )
    .action(
      run(async (ctx, [key]) => {
        const { keySpec } = await import('../../config/keys.js');
        keySpec(key as string);
        const settings = await ctx.settings();
        if (getPath(settings.stored, key as string) === undefined)
          return void (await ctx.info(`${String(key)} is not set in profile "${settings.profile}"`));
        await (
          await ctx.config()
        ).updateProfile(settings.profile, (profile) => setPath(profile, key as string, undefined));
        await ctx.info(`${ctx.color.green('✓')} ${String(key)} removed from profile "${settings.profile}"`);
      }),
    );
}
