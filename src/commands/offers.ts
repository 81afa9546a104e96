/** inv offers ASIN...: offer listings (new/used, FBA/merchant) with statistics. */
import { choiceOption } from '../cli/option-kinds.js';
import type { Command } from 'commander';
import { mapLimit } from '../util/concurrency.js';
import { parseAsin } from './shared/research-input.js';
import type { OffersFormat } from '../api/research-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { OFFERS_VIEW } from './shared/research-views.js';

/** The ASINs, and what to ask the API for. */
export interface OffersOptions {
  asins: string[];
  nopaapi: boolean;
  format: OffersFormat;
}

export const meta: Meta = {
  name: 'offers',
  args: [['<asin...>', 'one or more ASINs']],
  summary: 'offer listings and statistics for one or more ASINs',
};

/** Options of `inv offers`. */
export function setup(command: Command): void {
  command
    .option('--nopaapi', 'skip the product-advertising lookup (faster; fewer extras)')
    .addOption(
      choiceOption('--format <format>', 'format asked of the API; bettermws_sphp is printed raw', [
        'pretty',
        'bettermws_json',
        'bettermws_sphp',
      ]),
    )
    .addHelpText('after', '\nExamples:\n  inv offers B00X4WHP5E\n  inv offers B00X4WHP5E B07FZ8S74R --nopaapi --json');
}

/** The ASINs, each checked; the pretty format unless another is asked for. */
export function parse([asins]: unknown[], flags: { nopaapi?: boolean; format?: OffersFormat }): OffersOptions {
  return {
    asins: (asins as string[]).map((a) => parseAsin(a)),
    nopaapi: Boolean(flags.nopaapi),
    format: flags.format ?? 'pretty',
  };
}

/** Asks for the offers of each ASIN (four at a time); the sphp format is printed raw. */
export async function run(ctx: Ctx, { asins, nopaapi, format }: OffersOptions): Promise<void> {
  const out = ctx.output(OFFERS_VIEW);
  const client = await ctx.research();
  // Without --nopaapi the parameter is left out of the request, not sent as false.
  const request = { format, nopaapi: nopaapi || undefined };
  if (format === 'bettermws_sphp') {
    const texts = await mapLimit(asins, 4, (asin) => client.offersRaw(asin, request));
    for (const text of texts) await ctx.io.out.write(text.endsWith('\n') ? text : text + '\n');
    return;
  }
  await out.render(await mapLimit(asins, 4, (asin) => client.offers(asin, request)));
}
