/** inv research: Product Research API credentials. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as login from '../research/login.js';

/** Registers the verbs of `inv research` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [login]) verb.register(noun, run);
}
