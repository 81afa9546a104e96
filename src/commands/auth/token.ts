/** inv auth token: print the access token, for other tools (the one command that prints a secret). */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';

export const meta: Meta = {
  name: 'token',
  summary: 'print the access token (refreshed first if it is about to expire)',
};

/** Options and action of `inv auth token` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText('after', '\nExample:\n  curl -H "Authorization: Bearer $(inv auth token)" "$BASE/v1/whoami"')
    .action(
      run(async (ctx) => {
        await ctx.io.out.write((await (await ctx.tokens()).accessToken()) + '\n');
      }),
    );
}
