/** inv config get KEY: one setting of the profile (secrets are never printed). */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { getPath } from '../../config/schema.js';
import { SETTABLE_KEYS, settableKey, type SettableKey } from '../../config/settable-keys.js';
import { NotFoundError } from '../../errors.js';

export const meta: Meta = {
  name: 'get',
  args: [['<key>', 'e.g. baseUrl, research.keyIn']],
  summary: 'print one setting of the profile',
};

/** Help of `inv config get`. */
export function setup(command: Command): void {
  command.addHelpText(
    'after',
    '\nExample (a key that is not set exits 3):\n  inv --profile sandbox config get baseUrl',
  );
}

/** The key, if settable. */
export function parse([key]: unknown[]): SettableKey {
  return settableKey(key as string);
}

/** Prints the value of `key` in the profile, or says a secret is set. */
export async function run(ctx: Ctx, key: SettableKey): Promise<void> {
  const settings = await ctx.settings();
  const value = getPath(settings.stored, key);
  if (value === undefined)
    throw new NotFoundError(
      `${key} is not set in profile "${settings.profile}"`,
      `set it with \`inv config set ${key}\``,
    );
  if (SETTABLE_KEYS[key].secret) {
    await ctx.info(`${key} is set in profile "${settings.profile}" (secrets are never printed)`);
    return;
  }
  await ctx.io.out.write((typeof value === 'object' ? JSON.stringify(value) : String(value)) + '\n');
}
