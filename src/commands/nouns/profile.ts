/** inv profile: named profiles (one per account). */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as list from '../profile/list.js';
import * as use from '../profile/use.js';
import * as create from '../profile/create.js';
import * as rename from '../profile/rename.js';
import * as del from '../profile/delete.js';

/** Registers the verbs of `inv profile` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [list, use, create, rename, del]) verb.register(noun, run);
}
