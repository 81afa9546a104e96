/** inv whoami: the user the access token belongs to (GET /v1/whoami). */
import type { Command } from 'commander';
import type { WhoAmI } from '../api/inventory.js';
import type { Meta, Runner } from '../cli/command.js';
import type { View } from '../cli/output/view.js';

const VIEW: View<WhoAmI['user']> = {
  kind: 'single',
  fields: ['email', 'id', 'name', 'username', 'link'],
  columns: [
    { key: 'email', header: 'email' },
    { key: 'name', header: 'name' },
    { key: 'id', header: 'id' },
  ],
};

export const meta: Meta = { name: 'whoami', summary: 'show the user you are logged in as' };

/** Options and action of `inv whoami` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv whoami').action(
    run(async (ctx) => {
      const out = ctx.output(VIEW);
      await out.render([(await (await ctx.inventory()).whoami()).user]);
    }),
  );
}
