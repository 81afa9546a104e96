/** The command tree of one run: global options and the command being run (with help, the others as placeholders). */
import { Command } from 'commander';
import { version } from '../version.js';
import { declare, registerModule } from './command.js';
import type { Session } from './context.js';
import { addGlobalOptions } from './globals.js';
import { COMMANDS } from './command-list.js';

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

/**
 * The top-level command commander will dispatch `argv` to, found with commander's own option parsing
 * over the global options (so `--profile x`, `--` and the like are read exactly as the run reads them).
 */
export function commandNamed(argv: readonly string[]): string | undefined {
  const probe = new Command().exitOverride().configureOutput({ writeOut() {}, writeErr() {}, outputError() {} });
  addGlobalOptions(probe);
  try {
    const { operands } = probe.parseOptions([...argv]);
    return operands[0] === 'help' ? operands[1] : operands[0];
  } catch {
    return undefined; // a bad global option: the run reports it
  }
}

/**
 * Builds the program for `argv`. A run that names a command loads and registers that command alone; any other
 * (no command, an unknown one, help asked for) loads every module and registers the one named in full, the others
 * as placeholders (name, arguments and summary: what the root help lists).
 */
export async function buildProgram(session: Session, argv: readonly string[]): Promise<Command> {
  const program = rootCommand(session);
  const target = commandNamed(argv);
  const named = COMMANDS.find(([name]) => name === target);
  if (named && !argv.some((arg) => arg === 'help' || arg === '-h' || arg === '--help')) {
    registerModule(program, await named[1](), session);
    return program;
  }
  for (const module of await Promise.all(COMMANDS.map(([, load]) => load()))) {
    if (module.meta.name === target) registerModule(program, module, session);
    else {
      declare(program, module.meta).action(() => {
        throw new Error(`"${module.meta.name}" ran as a placeholder: the command named in the arguments was not found`);
      });
    }
  }
  return program;
}

/** The program with every command registered in full (help texts, completion). */
export async function fullProgram(session: Session): Promise<Command> {
  const program = rootCommand(session);
  for (const module of await Promise.all(COMMANDS.map(([, load]) => load()))) registerModule(program, module, session);
  return program;
}
