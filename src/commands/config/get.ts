/** inv config get KEY: one setting of the profile (secrets are never printed). */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { getPath } from '../../config/schema.js';
import { NotFoundError } from '../../errors.js';

export const meta: Meta = {
  name: 'get',
  args: [['<key>', 'e.g. baseUrl, research.keyIn']],
  summary: 'print one setting of the profile',
};

/** Options and action of `inv config get` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText('after', '\nExample (a key that is not set exits 3):\n  inv --profile sandbox config get baseUrl')
    .action(
      run(async (ctx, [key]) => {
        const { keySpec } = await import('../../config/keys.js');
        const spec = keySpec(key as string);
        const settings = await ctx.settings();
        const value = getPath(settings.stored, key as string);
        if (value === undefined)
          throw new NotFoundError(
            `${String(key)} is not set in profile "${settings.profile}"`,
            `set it with \`inv config set ${String(key)}\``,
          );
        if (spec.secret) {
          await ctx.info(`${String(key)} is set in profile "${settings.profile}" (secrets are never printed)`);
          return;
        }
        await ctx.io.out.write((typeof value === 'object' ? JSON.stringify(value) : String(value)) + '\n');
      }),
    );
}
