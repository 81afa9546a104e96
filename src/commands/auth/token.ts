/** inv auth token: print the access token, for other tools (the one command that prints a secret). */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';

/** Registers `inv auth token`. */
export function register(auth: Command, run: Runner): void {
  auth
    .command('token')
    .description('print the access token (refreshed first if it is about to expire)')
    .addHelpText('after', '\nExample:\n  curl -H "Authorization: Bearer $(inv auth token)" "$BASE/v1/whoami"')
    .action(
      run(async (ctx) => {
        await ctx.io.out.write((await (await ctx.tokens()).accessToken()) + '\n');
      }),
    );
}
