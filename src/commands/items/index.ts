/** inv items: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'items', summary: 'items (products in one condition), keyed by msku' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as list from './list.js';
export * as get from './get.js';
export * as create from './create.js';
export * as update from './update.js';
export * as replace from './replace.js';
export * as deactivate from './deactivate.js';
export * as importFile from './import.js';
