/** inv settings: account settings (key and value). */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as get from '../settings/get.js';
import * as set from '../settings/set.js';

/** Registers the verbs of `inv settings` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [get, set]) verb.register(noun, run);
}
