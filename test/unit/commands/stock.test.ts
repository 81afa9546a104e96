import { describe, expect, it } from 'vitest';
import * as adjust from '../../../src/commands/stock/adjust.js';
import * as get from '../../../src/commands/stock/get.js';
import * as set from '../../../src/commands/stock/set.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

describe('stock adjust options', () => {
  it.each([
    ['+5', 5],
    ['5', 5],
    ['-3', -3],
    ['+999999999', 999999999],
  ])('reads the change %s as %d', (change, amount) => {
    expect(parseArgv(adjust, ['1', change])).toEqual({ id: '1', change: amount });
  });

  it.each(['0', '+1.5', 'ten', '+1000000000', '1e3', '-0'])('refuses the change "%s", naming the rule', (change) => {
    const error = usageError(adjust, ['1', change]);
    expect(error.message).toBe(`quantity change "${change}" must be a whole number other than zero, like +5 or -3`);
    expect(error.exitCode).toBe(2);
  });

  it('refuses an itemLocation id that is not a whole number, after the change', () => {
    expect(parseError(adjust, ['one', '+1'])).toBe('itemLocation id "one" must be a whole number');
    expect(parseError(adjust, ['one', '0'])).toMatch(/^quantity change "0"/);
  });
});

describe('stock get options', () => {
  it('is the itemLocation id', () => {
    expect(parseArgv(get, ['12'])).toBe('12');
  });

  it('refuses an id that is not a whole number, pointing to inv stock list', () => {
    const error = usageError(get, ['MUG-BLUE-11OZ']);
    expect(error.message).toBe('itemLocation id "MUG-BLUE-11OZ" must be a whole number');
    expect(error.hint).toBe('see `inv stock list` for the ids');
  });
});

describe('stock set options', () => {
  it('reads the msku, the location (found in the run) and the count', () => {
    expect(parseArgv(set, ['MUG-BLUE-11OZ', 'Shelf A1', '117'])).toEqual({
      msku: 'MUG-BLUE-11OZ',
      location: 'Shelf A1',
      count: 117,
    });
    expect(parseArgv(set, ['MUG-BLUE-11OZ', '1', '0']).count).toBe(0);
  });

  it.each(['-1', 'ten', '1.5', '1000000000', ''])('refuses the count "%s"', (count) => {
    expect(usageError(set, ['MUG-BLUE-11OZ', 'Shelf A1', count]).message).toBe(
      `count "${count}" must be a whole number, 0 or more`,
    );
  });

  it('checks the msku before the count', () => {
    expect(parseError(set, ['X'.repeat(81), 'Shelf A1', 'ten'])).toMatch(/^msku "X{20}…": must be at most 80/);
  });
});
