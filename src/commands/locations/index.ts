/** inv locations: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'locations', summary: 'shelves, shipments and other places stock is kept' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as list from './list.js';
export * as get from './get.js';
export * as create from './create.js';
export * as update from './update.js';
export * as labels from './labels.js';
