/** Options whose value is a number: a whole number within limits, or money (src/cli/option-kinds.ts has the others). */
import { Option } from 'commander';
import { parsePrice } from '../util/money.js';
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

/** An amount of money (a positive number, at most two decimals, a decimal point), read by the one price rule. */
export function moneyOption(flags: string, description: string): Declared<number> {
  const option = new Option(flags, description);
  const name = option.long ?? option.flags;
  option.argParser((text: string) => parsePrice(text, name));
  return declared(option, { any: true });
}
