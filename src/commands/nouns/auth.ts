/** inv auth: the stored login: status and token. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import * as status from '../auth/status.js';
import * as token from '../auth/token.js';

/** Registers the verbs of `inv auth` on its command. */
export function register(noun: Command, run: Runner): void {
  for (const verb of [status, token]) verb.register(noun, run);
}
