/** What `inv scout` and `inv profit` share: the pricing and cost flags, and the Scout built from them and the profile. */
import { Option, type Command } from 'commander';
import { UsageError } from '../../errors.js';
import { parsePrice } from '../shared/research-input.js';
import { decimalCommaHint } from '../../util/money.js';
import type { Ctx } from '../../cli/context.js';
import { parsePriceRule } from '../../scout/price.js';
import { scoutSettings } from '../../scout/scout-settings.js';
import type { AnswerPolicy } from '../../scout/scan-engine.js';
import { offer } from '../../cli/completion/tree.js';
import { PRICE_RULES } from '../../scout/price.js';

export interface ScoutCommandFlags {
  cost?: string;
  at: string;
  channel: 'fba' | 'mfn';
  prep?: string;
  inboundPerLb?: string;
  taxRate?: string;
}

/** Declares the shared flags on a command. */
export function scoutFlagOptions(command: Command): Command {
  return offer(
    command
      .option(
        '--cost <dollars>',
        'what one unit costs you, when a scan gives none (default: scout.cost of the profile)',
      )
      .option(
        '--at <price>',
        `price to sell at: buybox (else the lowest FBA new), lowest-fba, lowest, or a price`,
        'buybox',
      ),
    '--at',
    PRICE_RULES,
  )
    .addOption(
      new Option('--channel <channel>', 'fees of FBA or of merchant fulfilment').choices(['fba', 'mfn']).default('fba'),
    )
    .option('--prep <dollars>', 'prep per unit (default: scout.prep, else 0)')
    .option('--inbound-per-lb <dollars>', 'inbound shipping per pound (default: scout.inboundPerLb, else 0)')
    .option('--tax-rate <percent>', 'sales tax on the cost (default: scout.taxRate, else 0)');
}

/** A non-negative amount with at most two decimals (zero allowed: free stock, no prep). */
export function parseAmount(text: string | undefined, flag: string, max = 1_000_000): number | undefined {
  if (text === undefined) return undefined;
  const comma = decimalCommaHint(text);
  if (comma) throw new UsageError(`${flag} "${text}" reads like a decimal comma: amounts take a decimal point`, comma);
  const t = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,4})?$/.test(t) || Number(t) > max)
    throw new UsageError(`${flag} "${text}" must be a number from 0 to ${max} (e.g. 4.50)`);
  return Number(t);
}

/** The profile's scout.* settings with the flags over them: costs, the default cost of a scan, the verdict rules. */
export async function scoutInputs(ctx: Ctx, flags: ScoutCommandFlags) {
  return scoutSettings(await ctx.settings(), {
    cost: parseAmount(flags.cost, '--cost'),
    prep: parseAmount(flags.prep, '--prep', 1000),
    inboundPerLb: parseAmount(flags.inboundPerLb, '--inbound-per-lb', 1000),
    taxRate: parseAmount(flags.taxRate, '--tax-rate', 100),
  });
}

/** The Scout of the profile in force, with the flags over the profile's scout.* settings; `answers` keeps research answers between runs. */
export async function scoutFromFlags(ctx: Ctx, flags: ScoutCommandFlags, answers?: AnswerPolicy) {
  const at = parsePriceRule(flags.at, parsePrice);
  const { costs, defaultCost, rules } = await scoutInputs(ctx, flags);
  const { Scout } = await import('../../scout/scan-engine.js');
  const scout = new Scout(
    await ctx.research(),
    { at, channel: flags.channel, settings: costs, rules },
    Date.now,
    answers,
  );
  return { scout, defaultCost };
}
