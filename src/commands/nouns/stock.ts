/** inv stock: quantities of items per location. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as adjust from '../stock/adjust.js';

/** Registers the verbs of `inv stock` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [adjust]) verb.register(noun, run);
}
