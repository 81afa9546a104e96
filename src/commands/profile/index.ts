/** inv profile: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'profile', summary: 'named profiles (one per account)' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as list from './list.js';
export * as use from './use.js';
export * as create from './create.js';
export * as rename from './rename.js';
export * as del from './delete.js';
