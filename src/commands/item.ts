/** inv item ASIN: the catalog entry of one ASIN (shorthand for a search by ASIN). */
import type { Command } from 'commander';
import { parseAsin } from '../api/research-input.js';
import type { Runner } from '../cli/command.js';
import { SEARCH_VIEW } from './views.js';

/** Registers `inv item`. */
export function register(program: Command, run: Runner): void {
  program
    .command('item')
    .description('catalog entry of an ASIN')
    .argument('<asin>', 'the ASIN')
    .addHelpText('after', '\nExample:\n  inv item B00X4WHP5E')
    .action(
      run(async (ctx, [asinArg]) => {
        const asin = parseAsin(asinArg as string);
        const out = ctx.output(SEARCH_VIEW);
        const client = await ctx.research();
        await out.render((await client.item(asin)).searchCatalogs.result);
      }),
    );
}
