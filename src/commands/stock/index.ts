/** inv stock: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'stock', summary: 'quantities of items per location' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as list from './list.js';
export * as get from './get.js';
export * as set from './set.js';
export * as adjust from './adjust.js';
