/** inv config path: where the config file is. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';

/** Registers `inv config path`. */
export function register(config: Command, run: Runner): void {
  config
    .command('path')
    .description('print the path of the config file')
    .action(
      run(async (ctx) => {
        await ctx.io.out.write((await ctx.config()).path + '\n');
      }),
    );
}
