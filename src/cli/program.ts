/** The command tree: global options and every noun and verb, wired to one session. */
import { Command } from 'commander';
import { version } from '../version.js';
import { runner } from './command.js';
import type { Session } from './context.js';
import { addGlobalOptions } from './globals.js';
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

  for (const command of [login, logout, whoami]) command.register(program, run);
  const auth = program.command('auth').description('the stored login: status and token');
  for (const command of [authStatus, authToken]) command.register(auth, run);

  for (const command of [fees, offers, categories, search, item, itemLookup, lookup, sandbox]) command.register(program, run);

  const research = program.command('research').description('Product Research API credentials');
  researchLogin.register(research, run);

  const config = program.command('config').description('settings of a profile');
  for (const command of [configGet, configSet, configList, configPath]) command.register(config, run);

  const profile = program.command('profile').description('named profiles (one per account)');
  for (const command of [profileList, profileUse]) command.register(profile, run);

  return program;
}
