/** inv offers ASIN...: offer listings (new/used, FBA/merchant) with statistics. */
import { Option, type Command } from 'commander';
import { mapLimit } from '../util/concurrency.js';
import { parseAsin } from './shared/research-input.js';
import type { OffersFormat } from '../api/research-types.js';
import type { Meta, Runner } from '../cli/command.js';
import { OFFERS_VIEW } from './shared/research-views.js';

interface OffersOptions {
  nopaapi?: boolean;
  format?: OffersFormat;
}

export const meta: Meta = {
  name: 'offers',
  args: [['<asin...>', 'one or more ASINs']],
  summary: 'offer listings and statistics for one or more ASINs',
};

/** Options and action of `inv offers` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--nopaapi', 'skip the product-advertising lookup (faster; fewer extras)')
    .addOption(
      new Option('--format <format>', 'format asked of the API; bettermws_sphp is printed raw').choices([
        'pretty',
        'bettermws_json',
        'bettermws_sphp',
      ]),
    )
    .addHelpText('after', '\nExamples:\n  inv offers B00X4WHP5E\n  inv offers B00X4WHP5E B07FZ8S74R --nopaapi --json')
    .action(
      run<OffersOptions>(async (ctx, [asinArgs], options) => {
        const asins = (asinArgs as string[]).map((a) => parseAsin(a));
        const out = ctx.output(OFFERS_VIEW);
        const client = await ctx.research();
        if (options.format === 'bettermws_sphp') {
          const texts = await mapLimit(asins, 4, (asin) =>
            client.offersRaw(asin, { format: 'bettermws_sphp', nopaapi: options.nopaapi }),
          );
          for (const text of texts) await ctx.io.out.write(text.endsWith('\n') ? text : text + '\n');
          return;
        }
        const request = { format: options.format ?? 'pretty', nopaapi: options.nopaapi } as const;
        await out.render(await mapLimit(asins, 4, (asin) => client.offers(asin, request)));
      }),
    );
}
