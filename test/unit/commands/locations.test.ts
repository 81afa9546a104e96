import { describe, expect, it } from 'vitest';
import * as create from '../../../src/commands/locations/create.js';
import * as get from '../../../src/commands/locations/get.js';
import * as update from '../../../src/commands/locations/update.js';
import { parseArgv } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

describe('locations create options', () => {
  it('reads every field from flags', () => {
    const argv = ['--display', 'Shelf B1', '--type', 'shelf', '--order', '30', '--ref', 'aisle 2', '--notes', 'top'];
    expect(parseArgv(create, argv)).toEqual({
      file: undefined,
      fields: { display: 'Shelf B1', type: 'shelf', order: '30', ref: 'aisle 2', notes: 'top' },
    });
  });

  it('leaves out what is not given (asked for in the run) and takes --file', () => {
    expect(parseArgv(create, [])).toEqual({ file: undefined, fields: {} });
    expect(parseArgv(create, ['--file', '-', '--order', '3'])).toEqual({ file: '-', fields: { order: '3' } });
  });
});

describe('locations get options', () => {
  it('is the id or name as given', () => {
    expect(parseArgv(get, ['Shelf A1'])).toBe('Shelf A1');
    expect(parseArgv(get, ['3'])).toBe('3');
  });
});

describe('locations update options', () => {
  it('reads the id and the fields given', () => {
    expect(parseArgv(update, ['6', '--display', 'Shelf B3 (top)', '--order', '31'])).toEqual({
      id: '6',
      file: undefined,
      fields: { display: 'Shelf B3 (top)', order: '31' },
    });
  });

  it('refuses nothing to update, naming what to give; a --file alone is read in the run', () => {
    const error = usageError(update, ['6']);
    expect(error.message).toBe('nothing to update: give at least one field flag (e.g. --display) or --file');
    expect(error.exitCode).toBe(2);
    expect(parseArgv(update, ['6', '--file', 'l.json'])).toEqual({ id: '6', file: 'l.json', fields: {} });
  });
});
