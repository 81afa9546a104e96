/** inv lookup ASIN: offers through the legacy /v1/lookup and its ts/sig signature. */
import { choiceOption } from '../cli/option-kinds.js';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin } from './shared/research-input.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { OFFERS_VIEW } from './shared/research-views.js';

const US_MARKETPLACE = 'ATVPDKIKX0DER';

export const meta: Meta = {
  name: 'lookup',
  args: [['<asin>', 'the ASIN']],
  summary: 'offers for an ASIN through the legacy lookup endpoint (older signature)',
};

/** The ASIN, and the ids and format of the legacy lookup (the ids default to the profile's at run). */
export interface LookupOptions {
  asin: string;
  merchantId: string | undefined;
  marketplaceId: string | undefined;
  format: 'json' | 'sphp' | undefined;
}

/** Options of `inv lookup`. */
export function setup(command: Command): void {
  command
    .option('--merchant-id <id>', 'merchant id (default: research.merchantId of the profile)')
    .option('--marketplace-id <id>', `marketplace id (default: research.marketplaceId, else ${US_MARKETPLACE})`)
    .addOption(
      choiceOption('--format <format>', 'format asked of the API (default pretty); sphp is printed raw', [
        'json',
        'sphp',
      ]),
    )
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv lookup B00X4WHP5E --merchant-id A1SANDBOXMERCHANT',
        '  inv lookup B00X4WHP5E --merchant-id A1SANDBOXMERCHANT --format sphp',
      ].join('\n'),
    );
}

/** The ASIN, checked, with the flags as given. */
export function parse(
  [asin]: unknown[],
  flags: { merchantId?: string; marketplaceId?: string; format?: 'json' | 'sphp' },
): LookupOptions {
  return {
    asin: parseAsin(asin as string),
    merchantId: flags.merchantId,
    marketplaceId: flags.marketplaceId,
    format: flags.format,
  };
}

/** Asks the legacy lookup for the offers of the ASIN; the sphp format is printed raw. */
export async function run(ctx: Ctx, { asin, format, ...given }: LookupOptions): Promise<void> {
  const out = ctx.output(OFFERS_VIEW);
  const { research } = await ctx.settings();
  const merchantId = given.merchantId ?? research.merchantId;
  if (!merchantId) {
    throw new UsageError(
      'the legacy lookup needs a merchant id',
      'pass --merchant-id, or run `inv config set research.merchantId ID`',
    );
  }
  const marketplaceId = given.marketplaceId ?? research.marketplaceId ?? US_MARKETPLACE;
  const client = await ctx.research();
  if (format === 'sphp') {
    const text = await client.lookupRaw(asin, { merchantId, marketplaceId });
    await ctx.io.out.write(text.endsWith('\n') ? text : text + '\n');
    return;
  }
  await out.render([await client.lookup(asin, { merchantId, marketplaceId }, format)]);
}
