/** inv lookup ASIN: offers through the legacy /v1/lookup and its ts/sig signature. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin } from '../api/research-input.js';
import type { Runner } from '../cli/command.js';
import { OFFERS_VIEW } from './views.js';

const US_MARKETPLACE = 'ATVPDKIKX0DER';

/** Registers `inv lookup`. */
export function register(program: Command, run: Runner): void {
  program
    .command('lookup')
    .description('offers for an ASIN through the legacy lookup endpoint (older signature)')
    .argument('<asin>', 'the ASIN')
    .option('--merchant-id <id>', 'merchant id (default: research.merchantId of the profile)')
    .option('--marketplace-id <id>', `marketplace id (default: research.marketplaceId, else ${US_MARKETPLACE})`)
    .addHelpText('after', '\nExample:\n  inv lookup B00X4WHP5E --merchant-id A1SANDBOXMERCHANT')
    .action(
      run<{ merchantId?: string; marketplaceId?: string }>(async (ctx, [asinArg], options) => {
        const asin = parseAsin(asinArg as string);
        const out = ctx.output(OFFERS_VIEW);
        const { research } = await ctx.settings();
        const merchantId = options.merchantId ?? research.merchantId;
        if (!merchantId) {
          throw new UsageError('the legacy lookup needs a merchant id', 'pass --merchant-id, or run `inv config set research.merchantId ID`');
        }
        const marketplaceId = options.marketplaceId ?? research.marketplaceId ?? US_MARKETPLACE;
        const client = await ctx.research();
        await out.render([await client.lookup(asin, { merchantId, marketplaceId })]);
      }),
    );
}
