/**
 * What a command module declares (its metadata, once) and the glue between commander actions and
 * a module's parse and run. Registration, `inv --help`, the stored help texts and completion all
 * read a command's `meta`; nothing else restates its name, arguments or summary.
 */
import type { Command } from 'commander';
import { SessionCtx, type Session } from './context.js';
import type { Ctx } from './ctx.js';
import { readGlobals } from './globals.js';
import { chalkColors, NO_COLORS } from '../util/colors.js';
import { byCodeUnits } from '../util/compare.js';

/** A command's name, arguments and summary: stated once, in its module. */
export interface Meta {
  name: string;
  /** Positional arguments in order: [syntax, description, allowed values?], e.g. ['<asin...>', 'one or more ASINs']. */
  args?: ReadonlyArray<readonly [string, string, (readonly string[])?]>;
  /** One line, shown in its parent's list (`inv --help`) and first in its own help. */
  summary: string;
  /** More about it, shown under the summary in its own help only. */
  description?: string;
}

/**
 * A command module (a top-level command or a verb), in three steps a test can take apart: `setup` declares its
 * options, `parse` turns what commander read into typed, validated options (no I/O, no prompt), and `run` does the
 * work with a Ctx. A unit test drives `parse` through commander without a sandbox (test/helpers/parse-argv.ts).
 */
export interface CommandModule<O = unknown> {
  meta: Meta;
  /** Adds options and help text to the command that `declare()` made from `meta`. */
  setup(command: Command): void;
  /** The command's options from its positional arguments and flags as commander read them; throws a UsageError. */
  parse(args: unknown[], flags: object): O;
  /** Does the work: one client or engine call, rendered. */
  run(ctx: Ctx, options: O): Promise<void>;
}

/** A noun's index module: its meta, and each verb module re-exported under its own name. */
export type NounModule = { meta: Meta } & { readonly [verb: string]: CommandModule | Meta };

/** Whether a top-level module is a noun (it has verbs) rather than a command. */
export function isNoun(module: CommandModule | NounModule): module is NounModule {
  return !('setup' in module);
}

/** The verb modules of a noun, by name (a module namespace's key order differs between bundlers). */
export function verbsOf(noun: NounModule): CommandModule[] {
  const verbs = Object.values(noun).filter((v): v is CommandModule => typeof v === 'object' && 'setup' in v);
  return verbs.sort((a, b) => byCodeUnits(a.meta.name, b.meta.name));
}

/** Adds the command `meta` describes to `parent`: name, summary, description and arguments. */
export function declare(parent: Command, meta: Meta): Command {
  const command = parent
    .command(meta.name)
    .summary(meta.summary)
    .description(meta.description ? `${meta.summary}\n\n${meta.description}` : meta.summary);
  for (const [syntax, description, choices] of meta.args ?? []) {
    command.argument(syntax, description);
    if (choices) command.registeredArguments.at(-1)!.choices(choices);
  }
  return command;
}

/** Registers a top-level module in full: a command with its options and action, or a noun with all its verbs. */
export function registerModule(parent: Command, module: CommandModule | NounModule, session: Session): void {
  const command = declare(parent, module.meta);
  if (!isNoun(module)) return attach(command, module, session);
  for (const verb of verbsOf(module)) attach(declare(command, verb.meta), verb, session);
}

/** Adds a module's options and its action to `command`: the Ctx of the run, then parse, then run. */
function attach(command: Command, module: CommandModule, session: Session): void {
  module.setup(command);
  command.action(async (...actionArgs: unknown[]) => {
    const ctx = await contextOf(session, actionArgs.at(-1) as Command);
    await module.run(ctx, optionsOf(module, actionArgs));
  });
}

/** What `module.parse` makes of a commander action's arguments: the positional ones, then the options, then the command. */
export function optionsOf<O>(module: CommandModule<O>, actionArgs: unknown[]): O {
  return module.parse(actionArgs.slice(0, -2), (actionArgs.at(-1) as Command).opts());
}

/** The Ctx of a run of `command`, from its own and the global options. */
async function contextOf(session: Session, command: Command): Promise<Ctx> {
  let root = command;
  while (root.parent) root = root.parent;
  const fromCli = root.getOptionValueSource('timeout') === 'cli';
  const globals = readGlobals(command.optsWithGlobals(), session.io, fromCli, command.name());
  const colors = globals.color ? await chalkColors() : NO_COLORS;
  return new SessionCtx(session, globals, colors);
}
