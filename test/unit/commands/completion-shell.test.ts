import { describe, expect, it } from 'vitest';
import * as completion from '../../../src/commands/completion.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv completion options', () => {
  it.each(['bash', 'zsh', 'fish', 'powershell'])('are the shell %s', (shell) => {
    expect(parseArgv(completion, [shell])).toEqual({ shell, complete: undefined });
  });

  it('take the words PowerShell typed, separated by the unit separator, the one completed last', () => {
    expect(parseArgv(completion, ['powershell', '--complete=move\u001fX\u001f1\u001f--to\u001f'])).toEqual({
      shell: 'powershell',
      complete: ['move', 'X', '1', '--to', ''],
    });
  });

  it('refuse another shell, and need one', () => {
    expect(parseError(completion, ['tcsh'])).toMatch(/Allowed choices are bash, zsh, fish, powershell/);
    expect(parseError(completion, [])).toMatch(/missing required argument 'shell'/);
  });
});
