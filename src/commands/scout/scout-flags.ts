/** What `inv scout` and `inv profit` share: the pricing and cost flags, checked, and the Scout built from them and the profile. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { parsePrice } from '../../util/money.js';
import { amountOption } from '../../cli/option-numbers.js';
import type { Ctx } from '../../cli/ctx.js';
import { parsePriceRule, type PriceRule } from '../../scout/price.js';
import { scoutSettings, type ScoutFlags } from '../../scout/scout-settings.js';
import type { AnswerPolicy } from '../../scout/answer-cache.js';
import { choiceOption, offeredOption } from '../../cli/option-kinds.js';
import { PRICE_RULES } from '../../scout/price.js';

/** The shared flags as commander reads them. */
export interface ScoutCommandFlags {
  cost?: number;
  at: string;
  channel: 'fba' | 'mfn';
  prep?: number;
  inboundPerLb?: number;
  taxRate?: number;
}

/** The price to sell at, the channel, and the amounts given (over the profile's scout.* settings). */
export interface ScoutPricing {
  at: PriceRule;
  channel: 'fba' | 'mfn';
  amounts: ScoutFlags;
}

/** Declares the shared flags on a command. */
export function scoutFlagOptions(command: Command): Command {
  return command
    .addOption(
      amountOption(
        '--cost <dollars>',
        'what one unit costs you, when a scan gives none (default: scout.cost of the profile)',
        1_000_000,
      ),
    )
    .addOption(
      // A price is taken too: parsePriceRule reads the rule or the price.
      offeredOption(
        '--at <price>',
        'price to sell at: buybox (else the lowest FBA new), lowest-fba, lowest, or a price',
        PRICE_RULES,
      ).default('buybox'),
    )
    .addOption(
      choiceOption('--channel <channel>', 'fees of FBA or of merchant fulfilment', ['fba', 'mfn']).default('fba'),
    )
    .addOption(amountOption('--prep <dollars>', 'prep per unit (default: scout.prep, else 0)', 1000))
    .addOption(
      amountOption(
        '--inbound-per-lb <dollars>',
        'inbound shipping per pound (default: scout.inboundPerLb, else 0)',
        1000,
      ),
    )
    .addOption(amountOption('--tax-rate <percent>', 'sales tax on the cost (default: scout.taxRate, else 0)', 100));
}

/** The shared flags checked: the price rule (`price`, when given, is a fixed price over --at) and the amounts. */
export function parseScoutPricing(flags: ScoutCommandFlags, price?: string): ScoutPricing {
  return {
    at: price !== undefined ? { fixed: parsePrice(price) } : parsePriceRule(flags.at, parsePrice),
    channel: flags.channel,
    amounts: {
      cost: flags.cost,
      prep: flags.prep,
      inboundPerLb: flags.inboundPerLb,
      taxRate: flags.taxRate,
    },
  };
}

/** "90s", "30m", "1h", "2d" or a number of seconds, as milliseconds; a UsageError naming --max-age otherwise. */
export function parseMaxAge(text: string): number {
  const match = /^\s*(\d{1,7})\s*(s|m|h|d)?\s*$/i.exec(text);
  if (!match)
    throw new UsageError(
      `--max-age "${text}" must be a number with s, m, h or d (e.g. 30m, 1h, 2d; 0 asks everything)`,
    );
  const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? 's').toLowerCase() as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit * 1000;
}

/** The profile's scout.* settings with the amounts given over them: costs, the default cost of a scan, the verdict rules. */
export async function scoutInputs(ctx: Ctx, amounts: ScoutFlags) {
  return scoutSettings(await ctx.settings(), amounts);
}

/** The Scout of the profile in force, priced as asked; `answers` keeps research answers between runs. */
export async function scoutFromPricing(ctx: Ctx, pricing: ScoutPricing, answers?: AnswerPolicy) {
  const { costs, defaultCost, rules } = await scoutInputs(ctx, pricing.amounts);
  const { Scout } = await import('../../scout/scan-engine.js');
  const scout = new Scout(
    await ctx.research(),
    { at: pricing.at, channel: pricing.channel, settings: costs, rules },
    Date.now,
    answers,
  );
  return { scout, defaultCost };
}
