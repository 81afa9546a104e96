/** inv auth token: print the access token, for other tools (the one command that prints a secret). */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';

export const meta: Meta = {
  name: 'token',
  summary: 'print the access token (refreshed first if it is about to expire)',
};

/** Help of `inv auth token` (it takes no options). */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  curl -H "Authorization: Bearer $(inv auth token)" "$BASE/v1/whoami"');
}

/** Nothing to parse. */
export function parse(): void {}

/** Prints the access token. */
export async function run(ctx: Ctx): Promise<void> {
  await ctx.io.out.write((await (await ctx.tokens()).accessToken()) + '\n');
}
