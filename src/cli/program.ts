/** The command tree: global options and every noun and verb, wired to one session. */
import { Command } from 'commander';
import { version } from '../version.js';
import { runner, type Runner } from './command.js';
import type { Session } from './context.js';
import { addGlobalOptions } from './globals.js';
import * as api from '../commands/api.js';
import * as label from '../commands/label.js';
import * as move from '../commands/move.js';
import * as plan from '../commands/plan.js';
import * as sendToFba from '../commands/send-to-fba.js';
import * as feedbackCreate from '../commands/feedback/create.js';
import * as feedbackDelete from '../commands/feedback/delete.js';
import * as feedbackGet from '../commands/feedback/get.js';
import * as feedbackList from '../commands/feedback/list.js';
import * as feedbackUpdate from '../commands/feedback/update.js';
import * as itemsCreate from '../commands/items/create.js';
import * as itemsDeactivate from '../commands/items/deactivate.js';
import * as itemsGet from '../commands/items/get.js';
import * as itemsImport from '../commands/items/import.js';
import * as itemsList from '../commands/items/list.js';
import * as itemsReplace from '../commands/items/replace.js';
import * as itemsUpdate from '../commands/items/update.js';
import * as locationsCreate from '../commands/locations/create.js';
import * as locationsGet from '../commands/locations/get.js';
import * as locationsList from '../commands/locations/list.js';
import * as locationsUpdate from '../commands/locations/update.js';
import * as settingsGet from '../commands/settings/get.js';
import * as settingsSet from '../commands/settings/set.js';
import * as stockAdjust from '../commands/stock/adjust.js';
import * as authStatus from '../commands/auth/status.js';
import * as authToken from '../commands/auth/token.js';
import * as categories from '../commands/categories.js';
import * as configGet from '../commands/config/get.js';
import * as configList from '../commands/config/list.js';
import * as configPath from '../commands/config/path.js';
import * as configSet from '../commands/config/set.js';
import * as fees from '../commands/fees.js';
import * as item from '../commands/item.js';
import * as itemLookup from '../commands/item-lookup.js';
import * as login from '../commands/login.js';
import * as logout from '../commands/logout.js';
import * as lookup from '../commands/lookup.js';
import * as offers from '../commands/offers.js';
import * as profileList from '../commands/profile/list.js';
import * as profileUse from '../commands/profile/use.js';
import * as researchLogin from '../commands/research/login.js';
import * as sandbox from '../commands/sandbox.js';
import * as search from '../commands/search.js';
import * as whoami from '../commands/whoami.js';

/** Builds the commander program for one run; output goes to the session's IO, errors are thrown, never exited. */
export function buildProgram(session: Session): Command {
  const { io } = session;
  const program = new Command('inv')
    .description('Inventory, FBA shipments and product research from the command line')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => void io.out.write(text),
      writeErr: (text) => void io.err.write(text),
    });
  addGlobalOptions(program);
  const run = runner(session);
  const noun = (name: string, description: string, verbs: ReadonlyArray<{ register(parent: Command, run: Runner): void }>) => {
    const parent = program.command(name).description(description);
    for (const verb of verbs) verb.register(parent, run);
  };

  for (const command of [login, logout, whoami]) command.register(program, run);
  noun('auth', 'the stored login: status and token', [authStatus, authToken]);
  noun('items', 'items (products in one condition), keyed by msku', [itemsList, itemsGet, itemsCreate, itemsUpdate, itemsReplace, itemsDeactivate, itemsImport]);
  noun('locations', 'shelves, shipments and other places stock is kept', [locationsList, locationsGet, locationsCreate, locationsUpdate]);
  noun('stock', 'quantities of items per location', [stockAdjust]);
  for (const command of [move, sendToFba, plan, label]) command.register(program, run);
  noun('feedback', 'feedback left on orders', [feedbackList, feedbackGet, feedbackCreate, feedbackUpdate, feedbackDelete]);
  noun('settings', 'account settings (key and value)', [settingsGet, settingsSet]);
  api.register(program, run);
  for (const command of [fees, offers, categories, search, item, itemLookup, lookup]) command.register(program, run);
  noun('research', 'Product Research API credentials', [researchLogin]);
  noun('config', 'settings of a profile', [configGet, configSet, configList, configPath]);
  noun('profile', 'named profiles (one per account)', [profileList, profileUse]);
  sandbox.register(program, run);

  return program;
}
