/** inv profile list: the stored profiles, the current one marked. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
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

/** Registers `inv profile list`. */
export function register(profile: Command, run: Runner): void {
  profile
    .command('list')
    .description('list profiles; * marks the one in use')
    .action(
      run(async (ctx) => {
        const out = ctx.output(VIEW);
        const store = await ctx.config();
        const current = profileName({ profile: ctx.globals.profile }, ctx.io.env, store);
        const rows = store.profileNames().map((name) => {
          const p = store.profile(name);
          return { name, current: name === current, baseUrl: p.baseUrl ?? null, researchUrl: p.researchUrl ?? null };
        });
        await out.render(rows);
      }),
    );
}
