/** inv profile use NAME: make a stored profile (or "default") the one used by default. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { checkProfileExists } from '../../config/settings.js';

export const meta: Meta = {
  name: 'use',
  args: [['<profile>', 'profile name']],
  summary: 'make a profile the one used by default',
};

/** Help of `inv profile use`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExamples:\n  inv profile use sandbox\n  inv profile use default');
}

/** The profile's name (checked against the stored profiles in run). */
export function parse([name]: unknown[]): string {
  return name as string;
}

/** Makes the profile the current one. */
export async function run(ctx: Ctx, name: string): Promise<void> {
  const store = await ctx.config();
  checkProfileExists(name, store);
  await store.useProfile(name);
  await ctx.info(`${ctx.color.green('✓')} now using profile "${name}"`);
}
