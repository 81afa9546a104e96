import { describe, expect, it } from 'vitest';
import * as fees from '../../../src/commands/fees.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

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

  it('needs at least one ASIN', () => {
    expect(parseError(fees, ['--price', '10'])).toMatch(/missing required argument 'asin'/);
  });
});
