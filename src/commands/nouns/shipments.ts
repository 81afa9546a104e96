/** inv shipments: inbound FBA shipments and what they hold. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../shipments/list.js';
import * as show from '../shipments/show.js';

/** Registers the verbs of `inv shipments` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, show]) verb.register(noun, run);
}
