/** inv research: the noun and its verbs (each verb module states its own name, arguments and summary). */
import type { Meta } from '../../cli/command.js';

export const meta: Meta = { name: 'research', summary: 'Product Research API credentials' };

// Each verb: its module, under its own name (a new verb is its file plus one line here).
export * as login from './login.js';
