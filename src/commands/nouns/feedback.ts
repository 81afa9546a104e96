/** inv feedback: feedback left on orders. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../feedback/list.js';
import * as get from '../feedback/get.js';
import * as create from '../feedback/create.js';
import * as update from '../feedback/update.js';
import * as remove from '../feedback/delete.js';

/** Registers the verbs of `inv feedback` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, get, create, update, remove]) verb.register(noun, run);
}
