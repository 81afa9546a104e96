/**
 * The option vocabulary: each option that takes a value is declared once, with its kind (a file, a choice from a
 * named set, a name from the completion cache, a profile, a number with limits, money, or free text). That one
 * declaration gives the value's parsed type, its check and the error naming the option and the rule (exit 2), the
 * values the help shows and what completion offers in every shell (src/cli/completion/tree.ts reads `kindOf`, in
 * value-kind.ts).
 */
import { Option } from 'commander';
import { UsageError } from '../errors.js';
import type { NameKind } from './completion/names.js';
import { declared, type Declared, type FlagsOf, type ValueKind } from './value-kind.js';

export type { Declared, FlagsOf, ValueKind };

/** Adds each declaration to `command`, checking that its key is the name commander keeps the value under. */
export function addOptions(command: { addOption(o: Option): unknown }, options: Record<string, Option>): void {
  for (const [key, option] of Object.entries(options)) {
    if (option.attributeName() !== key) throw new Error(`option ${option.long}: declared as ${key}`);
    command.addOption(option);
  }
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

/** "a", "a or b", or "one of a, b, c". */
function oneOf(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' or ');
  return `one of ${words.join(', ')}`;
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
