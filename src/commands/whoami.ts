/** inv whoami: the user the access token belongs to (GET /v1/whoami). */
import type { Command } from 'commander';
import type { WhoAmI } from '../api/inventory.js';
import type { Runner } from '../cli/command.js';
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

/** Registers `inv whoami`. */
export function register(program: Command, run: Runner): void {
  program
    .command('whoami')
    .description('show the user you are logged in as')
    .addHelpText('after', '\nExample:\n  inv whoami')
    .action(
      run(async (ctx) => {
        const out = ctx.output(VIEW);
        await out.render([(await (await ctx.inventory()).whoami()).user]);
      }),
    );
}
