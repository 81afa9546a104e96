import { describe, expect, it } from 'vitest';
import * as create from '../../../src/commands/feedback/create.js';
import * as remove from '../../../src/commands/feedback/delete.js';
import * as get from '../../../src/commands/feedback/get.js';
import * as update from '../../../src/commands/feedback/update.js';
import { parseArgv } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

const ALL = ['--venue-id', '1', '--order-id', '222-1', '--date', '2026-11-20', '--rating', '3', '--comments', 'ok'];

describe('feedback create options', () => {
  it('reads every field from flags', () => {
    expect(parseArgv(create, [...ALL, '--buyer', 'j.doe@example.com'])).toEqual({
      file: undefined,
      fields: {
        venueId: '1',
        orderId: '222-1',
        date: '2026-11-20',
        rating: '3',
        comments: 'ok',
        buyer: 'j.doe@example.com',
      },
    });
  });

  it('leaves the venue and date to ask for in the run, and takes --file', () => {
    expect(parseArgv(create, ['--file', 'f.json'])).toEqual({ file: 'f.json', fields: {} });
  });
});

describe('feedback get and delete options', () => {
  it('are the feedback id', () => {
    expect(parseArgv(get, ['1-111-2223334-5556667'])).toBe('1-111-2223334-5556667');
    expect(parseArgv(remove, ['2-T'])).toBe('2-T');
  });
});

describe('feedback update options', () => {
  it('reads the id and the fields given', () => {
    expect(parseArgv(update, ['1-222-1', '--rating', '4'])).toEqual({
      id: '1-222-1',
      file: undefined,
      fields: { rating: '4' },
    });
  });

  it('refuses nothing to update, naming what to give; a --file alone is read in the run', () => {
    expect(usageError(update, ['1-222-1']).message).toBe(
      'nothing to update: give at least one field flag (e.g. --rating) or --file',
    );
    expect(parseArgv(update, ['1-222-1', '--file', '-']).file).toBe('-');
  });
});
