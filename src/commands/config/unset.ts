/** inv config unset KEY: remove one setting from the profile. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { getPath, setPath } from '../../config/schema.js';
import { settableKey, type SettableKey } from '../../config/settable-keys.js';

export const meta: Meta = {
  name: 'unset',
  args: [['<key>', 'e.g. researchUrl, research.keyIn']],
  summary: 'remove one setting from the profile',
};

/** Help of `inv config unset`. */
export function setup(command: Command): void {
  command.addHelpText(
    'after',
    '\nExamples:\n  inv config unset researchUrl\n  inv --profile warehouse config unset research.keyIn',
  );
}

/** The key, if settable. */
export function parse([key]: unknown[]): SettableKey {
  return settableKey(key as string);
}

/** Removes `key` from the profile (saying so when it was not set). */
export async function run(ctx: Ctx, key: SettableKey): Promise<void> {
  const settings = await ctx.settings();
  if (getPath(settings.stored, key) === undefined)
    return void (await ctx.info(`${key} is not set in profile "${settings.profile}"`));
  await (await ctx.config()).updateProfile(settings.profile, (profile) => setPath(profile, key, undefined));
  await ctx.info(`${ctx.color.green('✓')} ${key} removed from profile "${settings.profile}"`);
}
