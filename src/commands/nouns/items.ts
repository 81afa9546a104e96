/** inv items: items (products in one condition), keyed by msku. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../items/list.js';
import * as get from '../items/get.js';
import * as create from '../items/create.js';
import * as update from '../items/update.js';
import * as replace from '../items/replace.js';
import * as deactivate from '../items/deactivate.js';
import * as importFile from '../items/import.js';

/** Registers the verbs of `inv items` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, get, create, update, replace, deactivate, importFile]) verb.register(noun, run);
}
