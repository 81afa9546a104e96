/** inv auth: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'auth', summary: 'the stored login: status and token' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as status from './status.js';
export * as token from './token.js';
