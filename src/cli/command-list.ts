/**
 * The top-level commands and nouns, in the order `inv --help` lists them, each loaded only when it is needed: a run
 * loads the module of the command it names (help and completion load them all). Each module states its own name,
 * arguments and summary (`meta`); the name here is how a run finds it without loading the others, and a unit test
 * holds the two equal.
 */
import type { CommandModule, NounModule } from './command.js';

/** A command's name and the loader of its module. */
export type CommandEntry = readonly [name: string, load: () => Promise<CommandModule | NounModule>];

/** Every top-level command and noun (a new one is its module plus one entry here). */
export const COMMANDS: ReadonlyArray<CommandEntry> = [
  ['login', () => import('../commands/login.js')],
  ['logout', () => import('../commands/logout.js')],
  ['whoami', () => import('../commands/whoami.js')],
  ['auth', () => import('../commands/auth/index.js')],
  ['items', () => import('../commands/items/index.js')],
  ['locations', () => import('../commands/locations/index.js')],
  ['stock', () => import('../commands/stock/index.js')],
  ['shipments', () => import('../commands/shipments/index.js')],
  ['move', () => import('../commands/move.js')],
  ['count', () => import('../commands/count.js')],
  ['batch', () => import('../commands/batch/index.js')],
  ['send-to-fba', () => import('../commands/send-to-fba.js')],
  ['plan', () => import('../commands/plan.js')],
  ['label', () => import('../commands/label.js')],
  ['labels', () => import('../commands/labels.js')],
  ['pack', () => import('../commands/pack.js')],
  ['feedback', () => import('../commands/feedback/index.js')],
  ['settings', () => import('../commands/settings/index.js')],
  ['api', () => import('../commands/api.js')],
  ['fees', () => import('../commands/fees.js')],
  ['offers', () => import('../commands/offers.js')],
  ['categories', () => import('../commands/categories.js')],
  ['search', () => import('../commands/search.js')],
  ['item', () => import('../commands/item.js')],
  ['item-lookup', () => import('../commands/item-lookup.js')],
  ['item-search', () => import('../commands/item-search.js')],
  ['lookup', () => import('../commands/lookup.js')],
  ['research', () => import('../commands/research/index.js')],
  ['config', () => import('../commands/config/index.js')],
  ['profile', () => import('../commands/profile/index.js')],
  ['scout', () => import('../commands/scout.js')],
  ['profit', () => import('../commands/profit.js')],
  ['completion', () => import('../commands/completion.js')],
  ['sandbox', () => import('../commands/sandbox.js')],
];
