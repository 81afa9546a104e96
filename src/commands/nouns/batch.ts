/** inv batch: journaled batches (moves, imports): their state, rows in doubt, marking them after a check, cleanup. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../batch/list.js';
import * as prune from '../batch/prune.js';
import * as resolve from '../batch/resolve.js';
import * as show from '../batch/show.js';

/** Registers the verbs of `inv batch` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, show, resolve, prune]) verb.register(noun, run);
}
