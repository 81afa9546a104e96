/** inv locations: shelves, shipments and other places stock is kept. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../locations/list.js';
import * as get from '../locations/get.js';
import * as create from '../locations/create.js';
import * as update from '../locations/update.js';

/** Registers the verbs of `inv locations` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, get, create, update]) verb.register(noun, run);
}
