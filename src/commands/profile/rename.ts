/** inv profile rename OLD NEW: a profile under a new name, login and all. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
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

/** The profile to rename and its new name. */
export interface ProfileRenameOptions {
  from: string;
  to: string;
}

/** Help of `inv profile rename`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv profile rename sandbox local');
}

/** The new name by the profile name rule; the old one as given (checked against the stored profiles in run). */
export function parse([from, to]: unknown[]): ProfileRenameOptions {
  return { from: from as string, to: profileNameArg(to, 'new profile name') };
}

/** Renames the profile, unless the new name is taken. */
export async function run(ctx: Ctx, { from, to }: ProfileRenameOptions): Promise<void> {
  const store = await ctx.config();
  checkProfileExists(from, store);
  if (store.hasProfile(to))
    throw new UsageError(`profile "${to}" already exists`, `delete it first with \`inv profile delete ${to}\``);
  await store.renameProfile(from, to);
  await ctx.info(`${ctx.color.green('✓')} profile "${from}" is now "${to}"`);
}
