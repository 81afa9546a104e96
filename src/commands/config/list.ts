/** inv config list: every setting of the profile, secrets masked. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
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

/** Help of `inv config list` (it takes no options). */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv --profile sandbox config list');
}

/** Nothing to parse. */
export function parse(): void {}

/** Lists the settings of the profile, secrets masked, each with where it is kept (keyring, or the file). */
export async function run(ctx: Ctx): Promise<void> {
  const { listKeys } = await import('../../config/keys.js');
  const out = ctx.output(VIEW);
  const settings = await ctx.settings();
  const kept = (await ctx.config()).secretPlaces(settings.profile) as Record<string, string | undefined>;
  await out.render(
    listKeys(settings.stored).map((row) =>
      kept[row.key] ? { ...row, value: `${row.value} (${kept[row.key]})` } : row,
    ),
  );
}
