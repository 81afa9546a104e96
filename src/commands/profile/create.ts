/** inv profile create NAME [--from PROFILE]: a new profile, empty or with another's settings (never its tokens). */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { checkProfileExists } from '../../config/settings.js';
import { profileNameArg } from './profile-name.js';

export const meta: Meta = {
  name: 'create',
  args: [['<name>', 'profile name']],
  summary: 'create a profile, empty or with the settings (not the login) of another',
};

/** Options and action of `inv profile create` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--from <profile>', 'copy the addresses, client and research settings of this profile')
    .addHelpText(
      'after',
      '\nExamples:\n  inv profile create alice --from sandbox && inv --profile alice login\n  inv profile create live && inv --profile live config set baseUrl https://api.example.com',
    )
    .action(
      run<{ from?: string }>(async (ctx, [nameText], flags) => {
        const name = profileNameArg(nameText);
        const store = await ctx.config();
        if (store.hasProfile(name))
          throw new UsageError(`profile "${name}" already exists`, `see it with \`inv --profile ${name} config list\``);
        if (flags.from !== undefined) checkProfileExists(flags.from, store);
        const { tokens: _tokens, ...settings } = flags.from === undefined ? {} : store.profile(flags.from);
        await store.updateProfile(name, () => settings);
        await ctx.info(
          `${ctx.color.green('✓')} profile "${name}" created${flags.from ? ` from "${flags.from}" (without its login)` : ''}; use it with --profile ${name} (or: inv profile use ${name})`,
        );
      }),
    );
}
