/** inv fees ASIN... --price "P [P2...]": projected MFN and FBA fees side by side, with net income. */
import type { Command } from 'commander';
import { quoteFees, type FeeQuote } from '../api/research-fees.js';
import { parseAsin } from './shared/research-input.js';
import { parsePriceList } from '../util/money.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { money } from '../util/format.js';
import type { View } from '../cli/output/view.js';
import { asPromptValidator } from '../cli/prompt.js';
import { words } from './shared/research-views.js';

/** Fee quotes: a table with the size tier and category in words; JSON keeps the API's slugs and codes. */
export const FEES_VIEW: View<FeeQuote> = {
  kind: 'list',
  fields: ['asin', 'price', 'sizeTier', 'mfnFees', 'fbaFees'],
  columns: [
    { key: 'asin', header: 'asin' },
    { key: 'price', header: 'price', format: money, align: 'right' },
    { key: 'mfnFees.category', header: 'category', format: words },
    { key: 'sizeTier', header: 'size tier', format: words },
    { key: 'mfnFees.feesTotal', header: 'mfn fees', format: money, align: 'right' },
    { key: 'mfnFees.netIncome', header: 'mfn net', format: money, align: 'right' },
    { key: 'fbaFees.feesTotal', header: 'fba fees', format: money, align: 'right' },
    { key: 'fbaFees.netIncome', header: 'fba net', format: money, align: 'right' },
  ],
};

export const meta: Meta = {
  name: 'fees',
  args: [['<asin...>', 'one or more ASINs']],
  summary: 'projected MFN and FBA fees and net income for ASINs at one or more prices',
};

/** What `inv fees` quotes: ASINs, and prices (asked for on a terminal when not given). */
export interface FeesOptions {
  asins: string[];
  prices: number[] | undefined;
}

/** Options of `inv fees`. */
export function setup(command: Command): void {
  command
    .option(
      '-p, --price <prices>',
      'selling price(s), separated by spaces, or repeat --price (e.g. "14.99 19.99"); a decimal point; ' +
        'a comma only in thousands (1,999.00)',
      (p: string, all?: string) => (all ? `${all} ${p}` : p),
    )
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv fees B00X4WHP5E --price 19.99',
        '  inv fees B00X4WHP5E B07FZ8S74R --price "14.99 19.99" --json',
        '  inv fees B00X4WHP5E --price 14.99 --price 19.99',
        '  inv fees B00X4WHP5E --price 1,999',
      ].join('\n'),
    );
}

/** The ASINs and prices, each checked. */
export function parse([asins]: unknown[], flags: { price?: string }): FeesOptions {
  return {
    asins: (asins as string[]).map((a) => parseAsin(a)),
    prices: flags.price === undefined ? undefined : parsePriceList(flags.price),
  };
}

/** Quotes the fees of each ASIN at each price. */
export async function run(ctx: Ctx, { asins, prices }: FeesOptions): Promise<void> {
  const out = ctx.output(FEES_VIEW);
  const asked =
    prices ??
    parsePriceList(
      await ctx.ask({
        what: 'a selling price',
        flag: '--price',
        message: 'Selling price(s), separated by spaces:',
        validate: asPromptValidator(parsePriceList),
      }),
    );
  await out.render(await quoteFees(await ctx.research(), asins, asked));
}
