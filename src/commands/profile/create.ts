/** inv profile create NAME [--from PROFILE]: a new profile, empty or with another's settings (never its tokens). */
import { profileOption } from '../../cli/option-kinds.js';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { checkProfileExists } from '../../config/settings.js';
import { profileNameArg } from './profile-name.js';

export const meta: Meta = {
  name: 'create',
  args: [['<name>', 'profile name']],
  summary: 'create a profile, empty or with the settings (not the login) of another',
};

/** The new profile's name, and the profile whose settings it starts with. */
export interface ProfileCreateOptions {
  name: string;
  from: string | undefined;
}

/** Options of `inv profile create`. */
export function setup(command: Command): void {
  command
    .addOption(profileOption('--from <profile>', 'copy the addresses, client and research settings of this profile'))
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv profile create alice --from sandbox && inv --profile alice login',
        '  inv profile create live && inv --profile live config set baseUrl https://api.example.com',
      ].join('\n'),
    );
}

/** The new name, by the profile name rule; --from as given (checked against the stored profiles in run). */
export function parse([name]: unknown[], flags: { from?: string }): ProfileCreateOptions {
  return { name: profileNameArg(name), from: flags.from };
}

/** Creates the profile, with the settings of --from but not its tokens. */
export async function run(ctx: Ctx, { name, from }: ProfileCreateOptions): Promise<void> {
  const store = await ctx.config();
  if (store.hasProfile(name))
    throw new UsageError(`profile "${name}" already exists`, `see it with \`inv --profile ${name} config list\``);
  if (from !== undefined) checkProfileExists(from, store);
  const { tokens: _tokens, ...settings } = from === undefined ? {} : store.profile(from);
  await store.updateProfile(name, () => settings);
  const copied = from ? ` from "${from}" (without its login)` : '';
  await ctx.info(
    `${ctx.color.green('✓')} profile "${name}" created${copied}; use it with --profile ${name} (or: inv profile use ${name})`,
  );
}
