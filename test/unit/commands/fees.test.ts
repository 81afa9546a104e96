import { describe, expect, it } from 'vitest';
import * as fees from '../../../src/commands/fees.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

describe('inv fees options', () => {
  it('takes several prices separated by spaces, or a repeated --price', () => {
    expect(parseArgv(fees, ['B00X4WHP5E', '--price', '14.99 19.99']).prices).toEqual([14.99, 19.99]);
    expect(parseArgv(fees, ['B00X4WHP5E', '--price', '14.99', '--price', '19.99']).prices).toEqual([14.99, 19.99]);
  });

  it('upper-cases and checks each ASIN', () => {
    expect(parseArgv(fees, ['b00x4whp5e', 'B07FZ8S74R', '-p', '10']).asins).toEqual(['B00X4WHP5E', 'B07FZ8S74R']);
    expect(parseError(fees, ['B00X4WHP5', '-p', '10'])).toMatch(/ASIN "B00X4WHP5" is not a valid ASIN/);
  });

  it('leaves the price to ask for when --price is not given', () => {
    expect(parseArgv(fees, ['B00X4WHP5E']).prices).toBeUndefined();
  });

  it('refuses a decimal comma, naming --price', () => {
    expect(parseError(fees, ['B00X4WHP5E', '--price', '19,99'])).toMatch(/--price "19,99" reads like a decimal comma/);
  });

  it('reads a comma as a thousands separator in 1,999 and 1,999.00, never as a list', () => {
    expect(parseArgv(fees, ['B00X4WHP5E', '--price', '1,999']).prices).toEqual([1999]);
    expect(parseArgv(fees, ['B00X4WHP5E', '--price', '$1,999.00 12,345.50']).prices).toEqual([1999, 12345.5]);
    expect(parseArgv(fees, ['B00X4WHP5E', '--price', '1,999', '--price', '24.99']).prices).toEqual([1999, 24.99]);
  });

  it.each(['14.99,19.99', '10,20,30', '1,9999', '1,999,5', '9.99, 14.99', ',5'])(
    'refuses any other comma in --price %j, with a hint that works as typed',
    (price) => {
      const error = usageError(fees, ['B00X4WHP5E', '--price', price]);
      expect(error.message).toMatch(
        /^--price ".*": a comma in a price only separates thousands \(1,999 or 1,999\.00\)/,
      );
      expect(error.hint).toMatch(/separate several prices with spaces or repeat --price/);
      expect(error.exitCode).toBe(2);
    },
  );

  it('needs at least one ASIN', () => {
    expect(parseError(fees, ['--price', '10'])).toMatch(/missing required argument 'asin'/);
  });
});
