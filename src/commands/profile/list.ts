/** inv profile list: the stored profiles, the current one marked (--names: the names alone). */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import type { View } from '../../cli/output/view.js';
import { profileName } from '../../config/settings.js';

interface ProfileRow {
  name: string;
  current: boolean;
  baseUrl: string | null;
  researchUrl: string | null;
}

const VIEW: View<ProfileRow> = {
  kind: 'list',
  fields: ['name', 'current', 'baseUrl', 'researchUrl'],
  columns: [
    { key: 'current', header: ' ', format: (v) => (v ? '*' : '') },
    { key: 'name', header: 'profile' },
    { key: 'baseUrl', header: 'base url' },
    { key: 'researchUrl', header: 'research url' },
  ],
};

export const meta: Meta = { name: 'list', summary: 'list profiles; * marks the one in use' };

/** Options of `inv profile list`. */
export function setup(command: Command): void {
  command
    .option('--names', 'only the names, one a line (for scripts and shell completion)')
    .addHelpText('after', '\nExamples:\n  inv profile list\n  inv profile list --names');
}

/** The table, or the names alone. */
export function parse(_args: unknown[], flags: { names?: boolean }): { names: boolean } {
  return { names: Boolean(flags.names) };
}

/** Lists the stored profiles, the current one marked. */
export async function run(ctx: Ctx, { names }: { names: boolean }): Promise<void> {
  const store = await ctx.config();
  if (names)
    return void (await ctx.io.out.write(
      store
        .profileNames()
        .map((n) => `${n}\n`)
        .join(''),
    ));
  const out = ctx.output(VIEW);
  const current = profileName({ profile: ctx.globals.profile }, ctx.io.env, store);
  const rows = store.profileNames().map((name) => {
    const p = store.storedSettings(name);
    return { name, current: name === current, baseUrl: p.baseUrl ?? null, researchUrl: p.researchUrl ?? null };
  });
  await out.render(rows);
}
