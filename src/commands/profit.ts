/** inv profit ASIN --cost C [--price P]: the profit term by term, the break-even price and the highest cost meeting scout.minRoi. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin } from './shared/research-input.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { money } from '../util/format.js';
import type { View } from '../cli/output/view.js';
import type { ProfitReport } from '../scout/profit-breakdown.js';
import {
  parseScoutPricing,
  scoutFlagOptions,
  scoutInputs,
  type ScoutCommandFlags,
  type ScoutPricing,
} from './scout/scout-flags.js';

/** The breakdown as rows in a table; the whole report in JSON. */
export const PROFIT_VIEW: View<ProfitReport> = {
  kind: 'single',
  fields: [
    'asin',
    'title',
    'channel',
    'price',
    'fees',
    'cost',
    'prep',
    'inbound',
    'tax',
    'invested',
    'profit',
    'roi',
    'margin',
    'terms',
    'breakEven',
    'maxCost',
  ],
  rows: (r) => [
    ...r.terms.map((t) => ({ term: t.term, amount: money(t.amount), source: t.source })),
    { term: 'ROI', amount: r.roi === null ? '-' : `${r.roi}%`, source: 'profit ÷ (cost + prep + inbound + tax)' },
    { term: 'margin', amount: `${r.margin}%`, source: 'profit ÷ price' },
    {
      term: 'break-even price',
      amount: money(r.breakEven.price),
      source:
        `fees as a line from two quotes; checked at ${money(r.breakEven.checkedAt)}: ` +
        `${money(r.breakEven.actualFees)} ${r.breakEven.ok ? '=' : '≠'} ${money(r.breakEven.predictedFees)}`,
    },
    {
      term: `max cost for ROI ${r.maxCost.minRoi}%`,
      amount: money(r.maxCost.cost),
      source: 'scout.minRoi at this price',
    },
  ],
  columns: [
    { key: 'term', header: 'term' },
    { key: 'amount', header: 'amount', align: 'right' },
    { key: 'source', header: 'from' },
  ],
};

export const meta: Meta = {
  name: 'profit',
  args: [['<asin>', 'the ASIN']],
  summary: 'profit of one ASIN term by term, its break-even price and the highest cost that meets scout.minRoi',
};

/** The ASIN, and its pricing and amounts. */
export interface ProfitOptions extends ScoutPricing {
  asin: string;
}

/** Options of `inv profit`. */
export function setup(command: Command): void {
  command.option('--price <price>', 'sell at this price (default: --at, i.e. the buy box)');
  scoutFlagOptions(command).addHelpText(
    'after',
    [
      '\nExamples:',
      '  inv profit B00X4WHP5E --cost 6.50',
      '  inv profit B00X4WHP5E --cost 6.50 --price 24.99 --prep 0.35 --json',
    ].join('\n'),
  );
}

/** The ASIN, the price (--price over --at) and the amounts, each checked; the cost may still come from the profile. */
export function parse([asin]: unknown[], flags: ScoutCommandFlags & { price?: string }): ProfitOptions {
  return { asin: parseAsin(asin as string), ...parseScoutPricing(flags, flags.price) };
}

/** Works out the profit of the ASIN at the price, with its break-even price and the max cost for scout.minRoi. */
export async function run(ctx: Ctx, { asin, at, channel, amounts }: ProfitOptions): Promise<void> {
  const { costs, defaultCost, rules } = await scoutInputs(ctx, amounts);
  if (defaultCost === undefined)
    throw new UsageError('inv profit needs --cost (what one unit costs you)', `e.g. inv profit ${asin} --cost 6.50`);
  const out = ctx.output(PROFIT_VIEW);
  const { profitReport } = await import('../scout/profit-breakdown.js');
  const report = await profitReport(await ctx.research(), {
    asin,
    cost: defaultCost,
    at,
    channel,
    costs,
    minRoi: rules.minRoi,
  });
  await out.render([report]);
}
