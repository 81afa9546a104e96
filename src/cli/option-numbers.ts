/** Options whose value is a number: a whole number within limits, or an amount (src/cli/option-kinds.ts has the others). */
import { Option } from 'commander';
import { UsageError } from '../errors.js';
import { COST_DECIMALS, readMoney } from '../util/money.js';
import { declared, type Declared } from './value-kind.js';
import { wholeNumber } from './request-body.js';

export interface Limits {
  min: number;
  max: number;
  /** What is counted ("labels", "pixels"), said in the rule. */
  unit?: string;
}

/** A whole number within `limits`; anything else is refused naming the option and the range (one rule: wholeNumber). */
export function numberOption(flags: string, description: string, { min, max, unit }: Limits): Declared<number> {
  const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min} to ${max}`;
  const option = new Option(flags, `${description} (${range}${unit ? ` ${unit}` : ''})`);
  const name = option.long ?? option.flags;
  option.argParser((text: string) => wholeNumber(text, name, min, max, unit)!);
  return declared(option, { any: true });
}

/** A non-negative amount by the money rule, with a cost's decimals (zero allowed: free stock, no prep), up to `max`. */
export function amountOf(text: string, flag: string, max: number): number {
  const money = readMoney(text, COST_DECIMALS);
  if ('why' in money && money.why === 'decimal-comma')
    throw new UsageError(`${flag} "${text}" reads like a decimal comma: amounts take a decimal point`, money.hint);
  if ('why' in money || money.value > max)
    throw new UsageError(`${flag} "${text}" must be a number from 0 to ${max} (e.g. 4.50)`);
  return money.value;
}

/** An amount (a cost in dollars, a percentage) from 0 to `max`, read by `amountOf`. */
export function amountOption(flags: string, description: string, max: number): Declared<number> {
  const option = new Option(flags, description);
  const name = option.long ?? option.flags;
  option.argParser((text: string) => amountOf(text, name, max));
  return declared(option, { any: true });
}
