/**
 * What shell completion knows of inv, read from the registered commands (each declared from its
 * module's `meta` and `setup`): commands, verbs, options, and what the value of each option and
 * argument is. A value's kind comes from its own definition: choices given to commander are offered
 * as they are, and a value named `<file>` or `<profile>` (as in `--file <file>`) is a file path or a
 * stored profile name.
 */
import type { Argument, Command, Option } from 'commander';
import { LAYOUT_NAMES } from '../../labels/layouts.js';
import { LABEL_OUTPUT, ZPL_COMMANDS } from '../globals.js';
import type { NameKind } from './names.js';

/** What a value is: a file path, a profile name, a name from the completion cache, one of some words, or anything. */
export type ValueKind = { file: true } | { profile: true } | { names: NameKind } | { words: string[] } | { any: true };

/** Value names that say what a value is (`--from <location>`, `<msku>`, `<shipmentId>`). */
const NAMED_KINDS: Record<string, ValueKind> = {
  file: { file: true },
  profile: { profile: true },
  location: { names: 'locations' },
  msku: { names: 'mskus' },
  shipmentId: { names: 'shipments' },
  batch: { names: 'batches' },
  layout: { words: [...LAYOUT_NAMES] },
};

/** Options whose value the command checks itself but completion can still offer words for (see `offer`). */
type Offered = Option & { offered?: readonly string[] };

/**
 * Declares the words completion offers for `flag`'s value, where commander is not to enforce them (the command's own
 * check names the rule).
 */
export function offer<C extends Command>(command: C, flag: string, words: readonly string[]): C {
  const option = command.options.find((o) => o.long === flag) as Offered | undefined;
  if (!option) throw new Error(`offer: ${command.name()} has no option ${flag}`);
  option.offered = words;
  return command;
}

export interface Tree {
  /** Top-level words. */
  commands: string[];
  /** Subcommands of each noun. */
  verbs: Record<string, string[]>;
  /** Long options of each command path ("" for the global ones). */
  options: Record<string, string[]>;
  /** Of each command path, the options that take a value (long and short forms) and what their value is. */
  values: Record<string, Record<string, ValueKind>>;
  /** Of each command path, what each positional argument is, and whether it takes every word from there on. */
  args: Record<string, Array<{ kind: ValueKind; variadic: boolean }>>;
}

/** The kind of a value from its name and its choices. */
function kindOf(name: string, choices: readonly string[] | undefined): ValueKind {
  if (choices) return { words: [...choices] };
  return NAMED_KINDS[name] ?? { any: true };
}

/** The kind of an option's value, or undefined for an option that takes none. */
function optionValue(option: Option): ValueKind | undefined {
  const name = /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1];
  return name === undefined
    ? undefined
    : kindOf(name.replace(/\.\.\.$/, ''), option.argChoices ?? (option as Offered).offered);
}

/** The kind of a positional argument. */
function argumentValue(argument: Argument): { kind: ValueKind; variadic: boolean } {
  return { kind: kindOf(argument.name(), argument.argChoices), variadic: argument.variadic };
}

/** Adds one command path's options and arguments to `tree`. */
function addCommand(tree: Tree, path: string, command: Command): void {
  const visible = command.options.filter((o) => !o.hidden);
  tree.options[path] = visible.map((o) => o.long).filter((l): l is string => Boolean(l));
  const values: Record<string, ValueKind> = {};
  for (const option of visible) {
    const kind = optionValue(option);
    if (!kind) continue;
    for (const flag of [option.short, option.long]) if (flag) values[flag] = kind;
  }
  if (Object.keys(values).length > 0) tree.values[path] = values;
  if (command.registeredArguments.length > 0) tree.args[path] = command.registeredArguments.map(argumentValue);
}

/** Every command, subcommand, option and argument of `program` (a program with every command registered). */
export function commandTree(program: Command): Tree {
  const tree: Tree = { commands: program.commands.map((c) => c.name()), verbs: {}, options: {}, values: {}, args: {} };
  addCommand(tree, '', program);
  for (const command of program.commands) {
    addCommand(tree, command.name(), command);
    if (command.commands.length === 0) continue;
    tree.verbs[command.name()] = command.commands.map((c) => c.name());
    for (const verb of command.commands) addCommand(tree, `${command.name()} ${verb.name()}`, verb);
  }
  // -o zpl is taken by the label commands only: offered there, and nowhere else.
  for (const flag of ['-o', '--output']) {
    const kind = tree.values['']?.[flag];
    if (!kind || !('words' in kind)) continue;
    tree.values['']![flag] = { words: kind.words.filter((w) => w !== LABEL_OUTPUT) };
    for (const path of ZPL_COMMANDS) tree.values[path] = { ...tree.values[path], [flag]: kind };
  }
  return tree;
}
