/** inv config list: every setting of the profile, secrets masked. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import type { View } from '../../cli/output/view.js';

const VIEW: View<{ key: string; value: string }> = {
  kind: 'list',
  fields: ['key', 'value'],
  columns: [
    { key: 'key', header: 'key' },
    { key: 'value', header: 'value' },
  ],
};

export const meta: Meta = { name: 'list', summary: 'list the settings of the profile (secrets masked)' };

/** Options and action of `inv config list` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv --profile sandbox config list').action(
    run(async (ctx) => {
      const { listKeys } = await import('../../config/keys.js');
      const out = ctx.output(VIEW);
      const settings = await ctx.settings();
      await out.render(listKeys(settings.stored));
    }),
  );
}
