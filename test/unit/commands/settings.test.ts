import { describe, expect, it } from 'vitest';
import * as get from '../../../src/commands/settings/get.js';
import * as set from '../../../src/commands/settings/set.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

const KEY = 'OPEN_SHIPMENT_A1SANDBOXMERCHANT_ATVPDKIKX0DER_PHX7_SELLER_LABEL';

describe('settings set options', () => {
  it('reads the key and the value', () => {
    expect(parseArgv(set, ['DEFAULT_CONDITION', 'likeNew'])).toEqual({ key: 'DEFAULT_CONDITION', value: 'likeNew' });
    expect(parseArgv(set, ['pick.order-2', ''])).toEqual({ key: 'pick.order-2', value: '' });
  });

  it.each(['A B', 'a/b', '', 'K'.repeat(201)])('refuses the key "%s", naming what a key may hold', (key) => {
    const error = usageError(set, [key, 'v']);
    expect(error.message).toBe(`setting key "${key}" may hold letters, digits, _ . - (1 to 200 characters)`);
    expect(error.exitCode).toBe(2);
  });

  it('needs a value', () => {
    expect(parseError(set, ['PICK_ORDER'])).toMatch(/missing required argument 'value'/);
  });
});

describe('settings get options', () => {
  it('is the key', () => {
    expect(parseArgv(get, [KEY])).toBe(KEY);
  });

  it('refuses a key that set refuses (the API answers a read of it with 400), before any request', () => {
    expect(usageError(get, ['../items']).message).toBe(
      'setting key "../items" may hold letters, digits, _ . - (1 to 200 characters)',
    );
  });
});
