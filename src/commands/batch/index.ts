/** inv batch: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = {
  name: 'batch',
  summary: 'journaled batches of moves and imports: state, rows in doubt, resolving them, cleanup',
};

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as list from './list.js';
export * as prune from './prune.js';
export * as resolve from './resolve.js';
export * as show from './show.js';
