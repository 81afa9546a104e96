/** The command tree of one run: global options, the command being run in full, the others as placeholders. */
import { Command } from 'commander';
import { version } from '../version.js';
import { runner } from './command.js';
import type { Session } from './context.js';
import { addGlobalOptions } from './globals.js';
import { COMMANDS, invoked, type Entry } from './manifest.js';

/** A root command with the global options, writing to the session's IO and throwing instead of exiting. */
export function rootCommand(session: Session): Command {
  const { io } = session;
  const program = new Command('inv')
    .description('Inventory, FBA shipments and product research from the command line')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => void io.out.write(text),
      writeErr: (text) => void io.err.write(text),
    });
  addGlobalOptions(program);
  return program;
}

/** Registers one top-level command in full (loading its module). */
export async function registerEntry(program: Command, entry: Entry, session: Session): Promise<void> {
  const module = await entry.load();
  const run = runner(session);
  if (entry.noun) module.register(program.command(entry.name).description(entry.description), run);
  else module.register(program, run);
}

/** Builds the program for `argv`: only the command it names is loaded. */
export async function buildProgram(session: Session, argv: readonly string[]): Promise<Command> {
  const program = rootCommand(session);
  // `inv help fees` asks for the help of fees: load fees.
  const target = argv[0] === 'help' ? invoked(argv.slice(1)) : invoked(argv);
  for (const entry of COMMANDS) {
    if (entry === target) await registerEntry(program, entry, session);
    else {
      const placeholder = program.command(entry.name).description(entry.description);
      if (entry.usage) placeholder.arguments(entry.usage);
    }
  }
  return program;
}
