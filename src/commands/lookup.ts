/** inv lookup ASIN: offers through the legacy /v1/lookup and its ts/sig signature. */
import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin } from './shared/research-input.js';
import type { Meta, Runner } from '../cli/command.js';
import { OFFERS_VIEW } from './shared/research-views.js';

const US_MARKETPLACE = 'ATVPDKIKX0DER';

export const meta: Meta = {
  name: 'lookup',
  args: [['<asin>', 'the ASIN']],
  summary: 'offers for an ASIN through the legacy lookup endpoint (older signature)',
};

/** Options and action of `inv lookup` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--merchant-id <id>', 'merchant id (default: research.merchantId of the profile)')
    .option('--marketplace-id <id>', `marketplace id (default: research.marketplaceId, else ${US_MARKETPLACE})`)
    .addOption(
      new Option('--format <format>', 'format asked of the API (default pretty); sphp is printed raw').choices([
        'json',
        'sphp',
      ]),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  inv lookup B00X4WHP5E --merchant-id A1SANDBOXMERCHANT\n  inv lookup B00X4WHP5E --merchant-id A1SANDBOXMERCHANT --format sphp',
    )
    .action(
      run<{ merchantId?: string; marketplaceId?: string; format?: 'json' | 'sphp' }>(
        async (ctx, [asinArg], options) => {
          const asin = parseAsin(asinArg as string);
          const out = ctx.output(OFFERS_VIEW);
          const { research } = await ctx.settings();
          const merchantId = options.merchantId ?? research.merchantId;
          if (!merchantId) {
            throw new UsageError(
              'the legacy lookup needs a merchant id',
              'pass --merchant-id, or run `inv config set research.merchantId ID`',
            );
          }
          const marketplaceId = options.marketplaceId ?? research.marketplaceId ?? US_MARKETPLACE;
          const client = await ctx.research();
          if (options.format === 'sphp') {
            const text = await client.lookupRaw(asin, { merchantId, marketplaceId });
            await ctx.io.out.write(text.endsWith('\n') ? text : text + '\n');
            return;
          }
          await out.render([await client.lookup(asin, { merchantId, marketplaceId }, options.format)]);
        },
      ),
    );
}
