/**
 * What shell completion knows of inv, read from the registered commands (each declared from its
 * module's `meta` and `setup`): commands, verbs, options, and what the value of each option and
 * argument is. An option's value is what its declaration says (src/cli/option-kinds.ts); a positional
 * argument's is its choices, or what its name says (`<file>`, `<msku>`, `<batch>`).
 */
import type { Argument, Command, Option } from 'commander';
import { LABEL_OUTPUT, ZPL_COMMANDS } from '../globals.js';
import { kindOf, type ValueKind } from '../value-kind.js';

export type { ValueKind };

/** Argument names that say what the argument is (`<msku>`, `<shipmentId>`). */
const NAMED_KINDS: Record<string, ValueKind> = {
  file: { file: true },
  profile: { profile: true },
  location: { names: 'locations' },
  msku: { names: 'mskus' },
  shipmentId: { names: 'shipments' },
  batch: { names: 'batches' },
};

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

/** The kind of an option's value, or undefined for an option that takes none. */
function optionValue(option: Option): ValueKind | undefined {
  return option.required || option.optional ? kindOf(option) : undefined;
}

/** The kind of a positional argument: its choices, or what its name says. */
function argumentValue(argument: Argument): { kind: ValueKind; variadic: boolean } {
  const kind = argument.argChoices ? { words: argument.argChoices } : (NAMED_KINDS[argument.name()] ?? { any: true });
  return { kind, variadic: argument.variadic };
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
