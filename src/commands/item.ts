/** inv item ASIN: the catalog entry of one ASIN (shorthand for a search by ASIN). */
import type { Command } from 'commander';
import { parseAsin } from './shared/research-input.js';
import type { Meta, Runner } from '../cli/command.js';
import { SEARCH_VIEW } from './shared/research-views.js';

export const meta: Meta = { name: 'item', args: [['<asin>', 'the ASIN']], summary: 'catalog entry of an ASIN' };

/** Options and action of `inv item` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv item B00X4WHP5E').action(
    run(async (ctx, [asinArg]) => {
      const asin = parseAsin(asinArg as string);
      const out = ctx.output(SEARCH_VIEW);
      const client = await ctx.research();
      await out.render((await client.item(asin)).searchCatalogs.result);
    }),
  );
}
