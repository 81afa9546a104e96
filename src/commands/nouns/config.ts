/** inv config: settings of a profile. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as get from '../config/get.js';
import * as set from '../config/set.js';
import * as unset from '../config/unset.js';
import * as list from '../config/list.js';
import * as path from '../config/path.js';

/** Registers the verbs of `inv config` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [get, set, unset, list, path]) verb.register(noun, run);
}
