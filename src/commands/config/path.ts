/** inv config path: where the config file is. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';

export const meta: Meta = { name: 'path', summary: 'print the path of the config file' };

/** Help of `inv config path` (it takes no options). */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExamples:\n  inv config path\n  inv --profile sandbox config path');
}

/** Nothing to parse. */
export function parse(): void {}

/** Prints the path of the config file. */
export async function run(ctx: Ctx): Promise<void> {
  await ctx.io.out.write((await ctx.config()).path + '\n');
}
