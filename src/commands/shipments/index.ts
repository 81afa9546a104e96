/** inv shipments: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'shipments', summary: 'inbound FBA shipments and what they hold' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as list from './list.js';
export * as show from './show.js';
