/** inv whoami: the user the access token belongs to (GET /v1/whoami). */
import type { Command } from 'commander';
import type { WhoAmI } from '../api/inventory.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
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

/** Help of `inv whoami` (it takes no options). */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv whoami');
}

/** Nothing to parse. */
export function parse(): void {}

/** Shows the user the access token belongs to. */
export async function run(ctx: Ctx): Promise<void> {
  const out = ctx.output(VIEW);
  await out.render([(await (await ctx.inventory()).whoami()).user]);
}
