import { describe, expect, it } from 'vitest';
import * as completion from '../../../src/commands/completion.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv completion options', () => {
  it.each(['bash', 'zsh', 'fish'])('are the shell %s', (shell) => {
    expect(parseArgv(completion, [shell])).toBe(shell);
  });

  it('refuse another shell, and need one', () => {
    expect(parseError(completion, ['tcsh'])).toMatch(/Allowed choices are bash, zsh, fish/);
    expect(parseError(completion, [])).toMatch(/missing required argument 'shell'/);
  });
});
