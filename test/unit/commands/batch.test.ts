import { describe, expect, it } from 'vitest';
import * as list from '../../../src/commands/batch/list.js';
import * as prune from '../../../src/commands/batch/prune.js';
import * as resolve from '../../../src/commands/batch/resolve.js';
import * as show from '../../../src/commands/batch/show.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv batch list', () => {
  it('takes no options and no argument', () => {
    expect(parseArgv(list, [])).toEqual({});
    expect(parseError(list, ['nightly'])).toMatch(/too many arguments/);
  });
});

describe('inv batch prune', () => {
  it('reads --older-than as whole days, and --force', () => {
    expect(parseArgv(prune, ['--older-than', '30'])).toEqual({ days: 30, force: false });
    expect(parseArgv(prune, ['--older-than', '0', '--force'])).toEqual({ days: 0, force: true });
  });

  it('needs --older-than', () => {
    expect(parseError(prune, [])).toBe('give --older-than DAYS');
    expect(parseError(prune, ['--force'])).toBe('give --older-than DAYS');
  });

  it.each([['-1'], ['30d'], ['1.5'], ['36501']])('refuses --older-than %s, naming the range', (days) => {
    expect(parseError(prune, ['--older-than', days])).toBe(
      `--older-than "${days}" must be a whole number from 0 to 36500`,
    );
  });
});

describe('inv batch resolve', () => {
  const ROW = 'cf348c3b68a43e49';

  it('reads the batch, a row id and --applied', () => {
    expect(parseArgv(resolve, ['nightly', '--row', ROW, '--applied'])).toEqual({
      name: 'nightly',
      pick: { row: ROW },
      applied: true,
    });
  });

  it('reads a line or a range of lines, and --not-applied', () => {
    expect(parseArgv(resolve, ['nightly', '--line', '17', '--not-applied'])).toEqual({
      name: 'nightly',
      pick: { from: 17, to: 17 },
      applied: false,
    });
    expect(parseArgv(resolve, ['nightly', '--line', '18-21', '--applied']).pick).toEqual({ from: 18, to: 21 });
  });

  it('needs the batch name', () => {
    expect(parseError(resolve, ['--row', ROW, '--applied'])).toMatch(/missing required argument 'batch'/);
  });

  it('needs exactly one of --row and --line', () => {
    const message = 'give --row ID or --line N (from `inv batch show`), not both';
    expect(parseError(resolve, ['nightly', '--applied'])).toBe(message);
    expect(parseError(resolve, ['nightly', '--row', ROW, '--line', '2', '--applied'])).toBe(message);
  });

  it('refuses a row id that is not 16 hex digits', () => {
    expect(parseError(resolve, ['nightly', '--row', 'CF348C3B68A43E49', '--applied'])).toBe(
      '--row "CF348C3B68A43E49" must be a row id: 16 hex digits, as `inv batch show` prints them',
    );
  });

  it.each([
    ['0', '--line "0" must be a whole number from 1 to 9007199254740991'],
    ['x', '--line "x" must be a whole number from 1 to 9007199254740991'],
    ['2-', '--line "" must be a whole number from 1 to 9007199254740991'],
    ['1-2-3', '--line "1-2-3" must be a line N or a range N-M'],
    ['5-3', '--line "5-3": the range must not end (3) before it starts (5)'],
  ])('refuses --line %s', (line, message) => {
    expect(parseError(resolve, ['nightly', '--line', line, '--applied'])).toBe(message);
  });

  it('needs exactly one of --applied and --not-applied, after the row', () => {
    const message = 'give exactly one of --applied or --not-applied';
    expect(parseError(resolve, ['nightly', '--row', ROW])).toBe(message);
    expect(parseError(resolve, ['nightly', '--row', ROW, '--applied', '--not-applied'])).toBe(message);
    expect(parseError(resolve, ['nightly', '--row', 'x'])).toMatch(/--row "x" must be a row id/);
  });
});

describe('inv batch show', () => {
  it('reads the batch and, optionally, one state', () => {
    expect(parseArgv(show, ['nightly'])).toEqual({ name: 'nightly', state: undefined });
    expect(parseArgv(show, ['moves.csv', '--state', 'in-doubt'])).toEqual({ name: 'moves.csv', state: 'in-doubt' });
  });

  it('refuses a state that no row can be in', () => {
    expect(parseError(show, ['nightly', '--state', 'sent'])).toBe(
      '--state "sent" must be one of in-doubt, failed, pending, done',
    );
  });

  it('needs the batch name', () => {
    expect(parseError(show, [])).toMatch(/missing required argument 'batch'/);
  });
});
