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
  const { listKeys, MASK } = await import('../../config/keys.js');
  const out = ctx.output(VIEW);
  const settings = await ctx.settings();
  const kept = (await ctx.config()).secretPlaces(settings.profile) as Record<string, string | undefined>;
  const rows = listKeys(settings.stored);
  // A secret the keyring holds but did not give back this run is listed all the same: masked, and where it is kept.
  for (const key of Object.keys(kept))
    if (key !== 'tokens' && !rows.some((row) => row.key === key)) rows.push({ key, value: MASK });
  await out.render(rows.map((row) => (kept[row.key] ? { ...row, value: `${row.value} (${kept[row.key]})` } : row)));
}
