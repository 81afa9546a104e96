/** inv stock: quantities of items per location. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../stock/list.js';
import * as get from '../stock/get.js';
import * as set from '../stock/set.js';
import * as adjust from '../stock/adjust.js';

/** Registers the verbs of `inv stock` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, get, set, adjust]) verb.register(noun, run);
}
