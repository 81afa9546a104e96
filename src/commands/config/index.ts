/** inv config: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'config', summary: 'settings of a profile' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as get from './get.js';
export * as set from './set.js';
export * as unset from './unset.js';
export * as list from './list.js';
export * as path from './path.js';
