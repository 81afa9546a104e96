/** inv config path: where the config file is. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';

export const meta: Meta = { name: 'path', summary: 'print the path of the config file' };

/** Options and action of `inv config path` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExamples:\n  inv config path\n  inv --profile sandbox config path').action(
    run(async (ctx) => {
      await ctx.io.out.write((await ctx.config()).path + '\n');
    }),
  );
}
