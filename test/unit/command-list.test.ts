/** The command list: each entry's name is the name its module states, so that a run finds a command without loading the others. */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/command-list.js';

describe('the command list (src/cli/command-list.ts)', () => {
  it('names each command as its module does', async () => {
    const stated = await Promise.all(COMMANDS.map(async ([name, load]) => [name, (await load()).meta.name]));
    expect(stated.filter(([name, meta]) => name !== meta)).toEqual([]);
    expect(new Set(COMMANDS.map(([name]) => name)).size).toBe(COMMANDS.length);
  });
});
