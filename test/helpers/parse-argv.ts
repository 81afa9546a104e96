/**
 * A command's options from argv, as a run reads them, without a sandbox or a Ctx: commander parses the command's
 * own options (declared by its `setup`), then the module's `parse` checks and types them.
 */
import { Command, CommanderError } from 'commander';
import { declare, optionsOf, type CommandModule } from '../../src/cli/command.js';

/** The options `module.parse` makes of `argv` (the arguments after the command's name); throws what a run would. */
export function parseArgv<O>(module: CommandModule<O>, argv: string[]): O {
  const root = new Command('inv').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  const command = declare(root, module.meta).exitOverride();
  module.setup(command);
  let options: { value: O } | undefined;
  command.action((...actionArgs: unknown[]) => {
    options = { value: optionsOf(module, actionArgs) };
  });
  root.parse([module.meta.name, ...argv], { from: 'user' });
  if (!options) throw new Error(`${module.meta.name}: commander did not run the action`);
  return options.value;
}

/** The message of what `parseArgv` throws for `argv` (commander's own errors included). */
export function parseError(module: CommandModule<unknown>, argv: string[]): string {
  try {
    parseArgv(module, argv);
  } catch (error) {
    if (error instanceof CommanderError || error instanceof Error) return error.message;
    throw error;
  }
  throw new Error(`${module.meta.name} ${argv.join(' ')}: parsed without an error`);
}
