/** inv profile delete NAME: remove a profile and its stored tokens. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { checkProfileExists } from '../../config/settings.js';

export const meta: Meta = {
  name: 'delete',
  args: [['<profile>', 'profile name']],
  summary: 'remove a profile with its settings and stored login (asks on a terminal; --yes in scripts)',
};

/** Help of `inv profile delete`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv profile delete alice --yes');
}

/** The profile's name (checked against the stored profiles in run). */
export function parse([name]: unknown[]): string {
  return name as string;
}

/** Deletes the profile once confirmed. */
export async function run(ctx: Ctx, name: string): Promise<void> {
  const store = await ctx.config();
  checkProfileExists(name, store);
  if (!store.hasProfile(name)) return void (await ctx.info(`profile "${name}" holds nothing to delete`));
  if (!(await ctx.confirm(`Delete profile "${name}" with its settings and login?`)))
    return void (await ctx.info('nothing deleted'));
  await store.deleteProfile(name);
  await ctx.info(`${ctx.color.green('✓')} profile "${name}" deleted`);
}
