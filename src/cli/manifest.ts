/**
 * The top-level commands: name, usage and description. Only the command being run is registered
 * with commander; the others stay placeholders, enough for `inv --help` and for "did you mean".
 */
import type { Command } from 'commander';
import type { Runner } from './command.js';
// Command modules are small (what they need that is heavy, they import when run), so they are
// bundled with the start: one file to load instead of a chunk each. Only the command being run is
// registered with commander.
import * as login from '../commands/login.js';
import * as logout from '../commands/logout.js';
import * as whoami from '../commands/whoami.js';
import * as noun_auth from '../commands/nouns/auth.js';
import * as noun_items from '../commands/nouns/items.js';
import * as noun_locations from '../commands/nouns/locations.js';
import * as noun_stock from '../commands/nouns/stock.js';
import * as noun_shipments from '../commands/nouns/shipments.js';
import * as move from '../commands/move.js';
import * as noun_batch from '../commands/nouns/batch.js';
import * as send_to_fba from '../commands/send-to-fba.js';
import * as plan from '../commands/plan.js';
import * as label from '../commands/label.js';
import * as labels from '../commands/labels.js';
import * as noun_feedback from '../commands/nouns/feedback.js';
import * as noun_settings from '../commands/nouns/settings.js';
import * as api from '../commands/api.js';
import * as fees from '../commands/fees.js';
import * as offers from '../commands/offers.js';
import * as categories from '../commands/categories.js';
import * as search from '../commands/search.js';
import * as item from '../commands/item.js';
import * as item_lookup from '../commands/item-lookup.js';
import * as item_search from '../commands/item-search.js';
import * as lookup from '../commands/lookup.js';
import * as scout from '../commands/scout.js';
import * as profit from '../commands/profit.js';
import * as noun_research from '../commands/nouns/research.js';
import * as noun_config from '../commands/nouns/config.js';
import * as noun_profile from '../commands/nouns/profile.js';
import * as completion from '../commands/completion.js';
import * as sandbox from '../commands/sandbox.js';

type Registrar = { register(parent: Command, run: Runner): void };

export interface Entry {
  name: string;
  /** Arguments shown in `inv --help`, e.g. "<asin...>". */
  usage?: string;
  description: string;
  /** A noun groups verbs: the module registers them on the noun's command. */
  noun?: boolean;
  load(): Promise<Registrar>;
}

export const COMMANDS: readonly Entry[] = [
  { name: 'login', description: 'log in to the Inventory API (OAuth 2.0) and store the tokens in the profile', load: () => Promise.resolve(login) },
  { name: 'logout', description: 'forget the tokens stored in the profile', load: () => Promise.resolve(logout) },
  { name: 'whoami', description: 'show the user you are logged in as', load: () => Promise.resolve(whoami) },
  { name: 'auth', noun: true, description: 'the stored login: status and token', load: () => Promise.resolve(noun_auth) },
  { name: 'items', noun: true, description: 'items (products in one condition), keyed by msku', load: () => Promise.resolve(noun_items) },
  { name: 'locations', noun: true, description: 'shelves, shipments and other places stock is kept', load: () => Promise.resolve(noun_locations) },
  { name: 'stock', noun: true, description: 'quantities of items per location', load: () => Promise.resolve(noun_stock) },
  { name: 'shipments', noun: true, description: 'inbound FBA shipments and what they hold', load: () => Promise.resolve(noun_shipments) },
  { name: 'move', usage: '[msku] [quantity]', description: 'receive stock from a purchase, move it between locations, or run a batch of moves from a file', load: () => Promise.resolve(move) },
  { name: 'batch', noun: true, description: 'journaled batches of moves and imports: state, rows in doubt, resolving them, cleanup', load: () => Promise.resolve(noun_batch) },
  { name: 'send-to-fba', usage: '<msku> <quantity>', description: 'add stock to inbound FBA shipments', load: () => Promise.resolve(send_to_fba) },
  { name: 'plan', usage: '<msku> <quantity>', description: 'ask for an inbound shipment plan: which centers, how many each, where to ship', load: () => Promise.resolve(plan) },
  { name: 'label', usage: '<msku> <fnsku>', description: 'the FNSKU label of an item: print its URL, save it or open it', load: () => Promise.resolve(label) },
  { name: 'labels', usage: '[msku] [fnsku]', description: 'FNSKU labels to print, one per unit: PDF sheets, thermal rolls or ZPL', load: () => Promise.resolve(labels) },
  { name: 'feedback', noun: true, description: 'feedback left on orders', load: () => Promise.resolve(noun_feedback) },
  { name: 'settings', noun: true, description: 'account settings (key and value)', load: () => Promise.resolve(noun_settings) },
  { name: 'api', usage: '<method> <path>', description: 'send an authenticated request to the Inventory or Research API and print the answer', load: () => Promise.resolve(api) },
  { name: 'fees', usage: '<asin...>', description: 'projected MFN and FBA fees and net income for ASINs at one or more prices', load: () => Promise.resolve(fees) },
  { name: 'offers', usage: '<asin...>', description: 'offer listings and statistics for one or more ASINs', load: () => Promise.resolve(offers) },
  { name: 'categories', usage: '[asin]', description: 'categories of an ASIN, or the name of a category id', load: () => Promise.resolve(categories) },
  { name: 'search', usage: '[keyword]', description: 'search the catalog by keyword, ASIN, UPC, EAN or ISBN', load: () => Promise.resolve(search) },
  { name: 'item', usage: '<asin>', description: 'catalog entry of an ASIN', load: () => Promise.resolve(item) },
  { name: 'item-lookup', usage: '<asin>', description: 'product advertising item lookup of an ASIN', load: () => Promise.resolve(item_lookup) },
  { name: 'item-search', usage: '<keywords...>', description: 'paged keyword search of the product advertising catalog', load: () => Promise.resolve(item_search) },
  { name: 'lookup', usage: '<asin>', description: 'offers for an ASIN through the legacy lookup endpoint', load: () => Promise.resolve(lookup) },
  { name: 'scout', description: 'scan codes and see buy or skip: price, fees, profit, ROI and a verdict per scan', load: () => Promise.resolve(scout) },
  { name: 'profit', usage: '<asin>', description: 'profit of one ASIN term by term, break-even price, highest cost for scout.minRoi', load: () => Promise.resolve(profit) },
  { name: 'research', noun: true, description: 'Product Research API credentials', load: () => Promise.resolve(noun_research) },
  { name: 'config', noun: true, description: 'settings of a profile', load: () => Promise.resolve(noun_config) },
  { name: 'profile', noun: true, description: 'named profiles (one per account)', load: () => Promise.resolve(noun_profile) },
  { name: 'completion', usage: '<shell>', description: 'print a shell completion script (bash, zsh or fish)', load: () => Promise.resolve(completion) },
  { name: 'sandbox', description: 'run a local Inventory, OAuth and Product Research service (Ctrl-C stops it)', load: () => Promise.resolve(sandbox) },
];

/** Global options that take a value (so the command name is not mistaken for one). */
const VALUED = new Set(['--profile', '-o', '--output', '--fields', '--timeout', '--base-url', '--auth-url', '--research-url']);

/** The top-level command named in argv, if any: the first word that is not a global option or its value. */
export function invoked(argv: readonly string[]): Entry | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return undefined;
    if (word.startsWith('-')) {
      if (VALUED.has(word)) i++;
      continue;
    }
    return COMMANDS.find((c) => c.name === word);
  }
  return undefined;
}
