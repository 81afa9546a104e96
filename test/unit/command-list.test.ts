/** The command list: each entry's name is the name its module states, so that a run finds a command without loading the others. */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/command-list.js';
import { isNoun, verbsOf } from '../../src/cli/command.js';

describe('the command list (src/cli/command-list.ts)', () => {
  it('names each command as its module does', async () => {
    const stated = await Promise.all(COMMANDS.map(async ([name, load]) => [name, (await load()).meta.name]));
    expect(stated.filter(([name, meta]) => name !== meta)).toEqual([]);
    expect(new Set(COMMANDS.map(([name]) => name)).size).toBe(COMMANDS.length);
  });

  it('has every command in three steps: setup declares, parse reads the flags, run does the work', async () => {
    const modules = (await Promise.all(COMMANDS.map(([, load]) => load()))).flatMap((m) =>
      isNoun(m)
        ? verbsOf(m).map((verb) => ({ name: `${m.meta.name} ${verb.meta.name}`, module: verb }))
        : [{ name: m.meta.name, module: m }],
    );
    const steps = (m: object) => ['setup', 'parse', 'run'].map((step) => typeof (m as Record<string, unknown>)[step]);
    expect(modules.filter(({ module }) => steps(module).some((t) => t !== 'function')).map(({ name }) => name)).toEqual(
      [],
    );
    expect(modules.length).toBeGreaterThan(60);
    // setup takes the command only: the action is registration's (parse, then run), never the module's
    expect(modules.filter(({ module }) => module.setup.length !== 1).map(({ name }) => name)).toEqual([]);
  });
});
