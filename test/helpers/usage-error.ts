/** The UsageError a module's `parse` throws for some argv: its message, hint and exit code (2), for unit tests. */
import type { CommandModule } from '../../src/cli/command.js';
import { UsageError } from '../../src/errors.js';
import { parseArgv } from './parse-argv.js';

/** What `parseArgv(module, argv)` throws, which must be a UsageError (exit 2); fails the test otherwise. */
export function usageError(module: CommandModule<unknown>, argv: string[]): UsageError {
  try {
    parseArgv(module, argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${module.meta.name} ${argv.join(' ')}: parsed without an error`);
}
