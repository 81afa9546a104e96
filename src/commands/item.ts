/** inv item ASIN: the catalog entry of one ASIN (shorthand for a search by ASIN). */
import type { Command } from 'commander';
import { parseAsin } from './shared/research-input.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { SEARCH_VIEW } from './shared/research-views.js';

export const meta: Meta = { name: 'item', args: [['<asin>', 'the ASIN']], summary: 'catalog entry of an ASIN' };

/** Help of `inv item`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv item B00X4WHP5E');
}

/** The ASIN, checked. */
export function parse([asin]: unknown[]): string {
  return parseAsin(asin as string);
}

/** Shows the catalog entry of the ASIN. */
export async function run(ctx: Ctx, asin: string): Promise<void> {
  const out = ctx.output(SEARCH_VIEW);
  const client = await ctx.research();
  await out.render((await client.item(asin)).searchCatalogs.result);
}
