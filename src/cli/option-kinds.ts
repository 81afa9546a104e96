/**
 * The option vocabulary: each option that takes a value is declared once, with its kind (a file, a choice from a
 * named set, a name from the completion cache, a profile, a number with limits, money, or free text). That one
 * declaration gives the value's parsed type, its check and the error naming the option and the rule (exit 2), the
 * values the help shows and what completion offers in every shell (src/cli/completion/tree.ts reads `kindOf`).
 */
import { Option } from 'commander';
import { UsageError } from '../errors.js';
import { parsePrice } from '../util/money.js';
import type { NameKind } from './completion/names.js';

/** What a value is: a file path, a profile name, a name from the completion cache, one of some words, or anything. */
export type ValueKind =
  { file: true } | { profile: true } | { names: NameKind } | { words: readonly string[] } | { any: true };

/** An option whose parsed value has type T (commander keeps it under the option's attribute name). */
export type Declared<T> = Option & { readonly valueKind: ValueKind; readonly parsed?: T };

/** The typed flags a record of declarations gives (each may be absent): `FlagsOf<typeof OPTIONS>`. */
export type FlagsOf<D extends Record<string, Declared<unknown>>> = {
  [K in keyof D]?: D[K] extends Declared<infer T> ? T : never;
};

/** The kind an option was declared with; commander's own choices are words; anything else is free text. */
export function kindOf(option: Option): ValueKind {
  const declared = (option as Partial<Declared<unknown>>).valueKind;
  if (declared) return declared;
  return option.argChoices ? { words: option.argChoices } : { any: true };
}

/** Adds each declaration to `command`, checking that its key is the name commander keeps the value under. */
export function addOptions(command: { addOption(o: Option): unknown }, options: Record<string, Option>): void {
  for (const [key, option] of Object.entries(options)) {
    if (option.attributeName() !== key) throw new Error(`option ${option.long}: declared as ${key}`);
    command.addOption(option);
  }
}

/** Marks `option` with its kind. */
function declared<T>(option: Option, kind: ValueKind): Declared<T> {
  return Object.assign(option, { valueKind: kind }) as Declared<T>;
}

/** A switch that takes no value (`--partial`; `--no-color` is true unless given). */
export function switchOption(flags: string, description: string): Declared<boolean> {
  return declared(new Option(flags, description), { any: true });
}

/** A file path ("-" for stdin or stdout where the command says so): completion offers file names. */
export function fileOption(flags: string, description: string): Declared<string> {
  return declared(new Option(flags, description), { file: true });
}

/** Free text (an id, an address, a template): nothing to offer, nothing checked here. */
export function textOption(flags: string, description: string): Declared<string> {
  return declared(new Option(flags, description), { any: true });
}

/** "a or b", or "one of a, b, c". */
function oneOf(words: readonly string[]): string {
  return words.length === 2 ? `${words[0]} or ${words[1]}` : `one of ${words.join(', ')}`;
}

/**
 * Words completion offers and the help lists, that a later step checks (a batch's --format: the engine refuses it in
 * the run's one summary). The same list must be what that step accepts.
 */
export function offeredOption(flags: string, description: string, words: readonly string[]): Declared<string> {
  const option = new Option(flags, description);
  option.argChoices = [...words];
  return declared(option, { words });
}

/**
 * One of a named set of words, which the help lists and completion offers; any other is refused naming the option
 * and the set. `read` maps what was typed onto a word of the set (case, aliases) and throws for anything else.
 */
export function choiceOption<const C extends readonly string[]>(
  flags: string,
  description: string,
  choices: C,
  read?: (text: string) => C[number],
): Declared<C[number]> {
  const option = new Option(flags, description);
  const name = option.long ?? option.flags;
  option.argChoices = [...choices];
  option.argParser((text: string) => {
    if (read) return read(text);
    if (!choices.includes(text)) throw new UsageError(`${name} "${text}" must be ${oneOf(choices)}`);
    return text;
  });
  return declared(option, { words: choices });
}

/** A name the listing commands leave in the completion cache (a location, an msku, a shipment, a batch). */
export function nameOption(flags: string, description: string, kind: NameKind): Declared<string> {
  return declared(new Option(flags, description), { names: kind });
}

/** A stored profile's name. */
export function profileOption(flags: string, description: string): Declared<string> {
  return declared(new Option(flags, description), { profile: true });
}

export interface Limits {
  min?: number;
  max?: number;
  /** A whole number (the default); false allows decimals. */
  integer?: boolean;
}

/** The rule `limits` state, in words: "a whole number from 1 to 1000". */
export function ruleOf({ min, max, integer = true }: Limits): string {
  const what = integer ? 'a whole number' : 'a number';
  if (min !== undefined && max !== undefined) return `${what} from ${min} to ${max}`;
  if (min !== undefined) return `${what} of at least ${min}`;
  return max !== undefined ? `${what} of at most ${max}` : what;
}

/** A number within `limits`; anything else is refused naming the option and the rule. */
export function numberOption(flags: string, description: string, limits: Limits): Declared<number> {
  const option = new Option(flags, description);
  const name = option.long ?? option.flags;
  option.argParser((text: string) => {
    const value = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(text) ? Number(text) : NaN;
    const { min, max, integer = true } = limits;
    if (
      !Number.isFinite(value) ||
      (integer && !Number.isInteger(value)) ||
      (min !== undefined && value < min) ||
      (max !== undefined && value > max)
    )
      throw new UsageError(`${name} "${text}" must be ${ruleOf(limits)}`);
    return value;
  });
  return declared(option, { any: true });
}

/** An amount of money (a positive number, at most two decimals, a decimal point), read by the one price rule. */
export function moneyOption(flags: string, description: string): Declared<number> {
  const option = new Option(flags, description);
  const name = option.long ?? option.flags;
  option.argParser((text: string) => parsePrice(text, name));
  return declared(option, { any: true });
}
