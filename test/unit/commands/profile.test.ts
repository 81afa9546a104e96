import { describe, expect, it } from 'vitest';
import * as profileCreate from '../../../src/commands/profile/create.js';
import * as profileDelete from '../../../src/commands/profile/delete.js';
import * as profileList from '../../../src/commands/profile/list.js';
import * as profileRename from '../../../src/commands/profile/rename.js';
import * as profileUse from '../../../src/commands/profile/use.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

const NAME_RULE = 'may hold letters, digits, ".", "-" and "_" (1 to 64)';

describe('inv profile create options', () => {
  it('are a new name, and the profile to copy from if any', () => {
    expect(parseArgv(profileCreate, ['alice'])).toEqual({ name: 'alice', from: undefined });
    expect(parseArgv(profileCreate, ['alice.2_b-c', '--from', 'sandbox'])).toEqual({
      name: 'alice.2_b-c',
      from: 'sandbox',
    });
  });

  it.each(['al ice', 'a/b', 'x'.repeat(65)])('refuse the name %j, naming the rule', (name) => {
    expect(parseError(profileCreate, [name])).toBe(`profile name "${name}" ${NAME_RULE}`);
  });
});

describe('inv profile rename options', () => {
  it('are the current name and a new one', () => {
    expect(parseArgv(profileRename, ['alice', 'bob'])).toEqual({ from: 'alice', to: 'bob' });
  });

  it('refuse a new name against the rule', () => {
    expect(parseError(profileRename, ['alice', 'b o b'])).toBe(`new profile name "b o b" ${NAME_RULE}`);
  });

  it('need both names', () => {
    expect(parseError(profileRename, ['alice'])).toMatch(/missing required argument 'new'/);
  });
});

describe.each([
  ['profile use', profileUse],
  ['profile delete', profileDelete],
])('inv %s options', (_name, module) => {
  it('are a profile name (its existence is checked against the stored profiles)', () => {
    expect(parseArgv(module, ['sandbox'])).toBe('sandbox');
  });

  it('need the name', () => {
    expect(parseError(module, [])).toMatch(/missing required argument 'profile'/);
  });
});

describe('inv profile list options', () => {
  it('are the table, or the names alone with --names', () => {
    expect(parseArgv(profileList, [])).toEqual({ names: false });
    expect(parseArgv(profileList, ['--names'])).toEqual({ names: true });
  });
});
