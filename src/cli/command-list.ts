/**
 * The top-level commands and nouns, in the order `inv --help` lists them. Each module states its own
 * name, arguments and summary (`meta`); only the command being run is registered in full.
 */
import type { CommandModule, NounModule } from './command.js';
// Command modules are small (what they need that is heavy, they import when run), so they are
// bundled with the start: one file to load instead of a chunk each.
import * as login from '../commands/login.js';
import * as logout from '../commands/logout.js';
import * as whoami from '../commands/whoami.js';
import * as auth from '../commands/auth/index.js';
import * as items from '../commands/items/index.js';
import * as locations from '../commands/locations/index.js';
import * as stock from '../commands/stock/index.js';
import * as shipments from '../commands/shipments/index.js';
import * as move from '../commands/move.js';
import * as batch from '../commands/batch/index.js';
import * as send_to_fba from '../commands/send-to-fba.js';
import * as plan from '../commands/plan.js';
import * as label from '../commands/label.js';
import * as labels from '../commands/labels.js';
import * as pack from '../commands/pack.js';
import * as feedback from '../commands/feedback/index.js';
import * as settings from '../commands/settings/index.js';
import * as api from '../commands/api.js';
import * as fees from '../commands/fees.js';
import * as offers from '../commands/offers.js';
import * as categories from '../commands/categories.js';
import * as search from '../commands/search.js';
import * as item from '../commands/item.js';
import * as item_lookup from '../commands/item-lookup.js';
import * as item_search from '../commands/item-search.js';
import * as lookup from '../commands/lookup.js';
import * as research from '../commands/research/index.js';
import * as config from '../commands/config/index.js';
import * as profile from '../commands/profile/index.js';
import * as scout from '../commands/scout.js';
import * as profit from '../commands/profit.js';
import * as completion from '../commands/completion.js';
import * as sandbox from '../commands/sandbox.js';

/** Every top-level command and noun (a new one is its module plus one import and one entry here). */
export const COMMANDS: ReadonlyArray<CommandModule | NounModule> = [
  login, logout, whoami, auth, items, locations, stock, shipments, move, batch, send_to_fba, plan, label, labels, pack, feedback, settings, api, fees, offers, categories, search, item, item_lookup, item_search, lookup, research, config, profile, scout, profit, completion, sandbox,
];
