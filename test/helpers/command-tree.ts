/** The program with every command declared and its options set up, without a Session: what completion reads. */
import { Command } from 'commander';
import { declare, isNoun, verbsOf, type CommandModule } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/command-list.js';
import { addGlobalOptions } from '../../src/cli/globals.js';

export interface Entry {
  path: string;
  module: CommandModule;
  command: Command;
}

/** The program with every command declared and set up (no action), and each command path's module. */
export async function everyCommand(): Promise<{ root: Command; entries: Entry[] }> {
  const root = new Command('inv');
  addGlobalOptions(root);
  const entries: Entry[] = [];
  for (const module of await Promise.all(COMMANDS.map(([, load]) => load()))) {
    const command = declare(root, module.meta);
    if (!isNoun(module)) {
      module.setup(command);
      entries.push({ path: module.meta.name, module, command });
      continue;
    }
    for (const verb of verbsOf(module)) {
      const sub = declare(command, verb.meta);
      verb.setup(sub);
      entries.push({ path: `${module.meta.name} ${verb.meta.name}`, module: verb, command: sub });
    }
  }
  return { root, entries };
}
