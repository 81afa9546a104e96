import { describe, expect, it } from 'vitest';
import * as sandbox from '../../../src/commands/sandbox.js';
import { RATE_LIMIT_REFUSALS } from '../../fixtures/rate-limit-refusals.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv sandbox options', () => {
  it('defaults: 127.0.0.1:4010, the demo seed, no faults, a state file (found by run) and the profile "sandbox"', () => {
    expect(parseArgv(sandbox, [])).toEqual({
      service: {
        host: '127.0.0.1',
        port: 4010,
        researchPort: undefined,
        seed: 'demo',
        latencyMs: 0,
        failRate: 0,
        failStatus: 500,
        retryAfter: undefined,
        dropRate: 0,
        bulkItems: undefined,
        clockOffsetS: undefined,
      },
      data: undefined,
      ephemeral: false,
      profile: 'sandbox',
    });
  });

  it('reads every service flag', () => {
    const argv = ['--host', '0.0.0.0', '--port', '0', '--research-port', '4100', '--seed', 'empty', '--latency', '50'];
    const faults = ['--fault-rate', '0.25', '--fault-status', '429', '--retry-after', '3', '--drop-rate', '1'];
    const more = ['--bulk-items', '100000', '--clock-offset', '-600', '--data', 'state.json'];
    expect(parseArgv(sandbox, [...argv, ...faults, ...more])).toMatchObject({
      service: {
        host: '0.0.0.0',
        port: 0,
        researchPort: 4100,
        seed: 'empty',
        latencyMs: 50,
        failRate: 0.25,
        failStatus: 429,
        retryAfter: 3,
        dropRate: 1,
        bulkItems: 100_000,
        clockOffsetS: -600,
      },
      data: 'state.json',
    });
  });

  it('an ephemeral sandbox writes no profile unless one is named; --no-save-profile writes none', () => {
    expect(parseArgv(sandbox, ['--ephemeral'])).toMatchObject({ ephemeral: true, profile: undefined });
    expect(parseArgv(sandbox, ['--ephemeral', '--save-profile', 'second'])).toMatchObject({ profile: 'second' });
    expect(parseArgv(sandbox, ['--no-save-profile'])).toMatchObject({ ephemeral: false, profile: undefined });
  });

  it('refuses a profile name with characters a profile cannot hold', () => {
    expect(parseError(sandbox, ['--save-profile', 'my sandbox'])).toBe(
      '--save-profile "my sandbox" may hold letters, digits, ".", "-" and "_" (1 to 64)',
    );
  });

  it('--rate-limit with its burst, and --no-retry-after', () => {
    expect(parseArgv(sandbox, ['--rate-limit', '200', '--burst', '20']).service).toMatchObject({
      rateLimit: 200,
      burst: 20,
      retryAfterHeader: true,
    });
    expect(parseArgv(sandbox, ['--rate-limit', '0.5', '--no-retry-after']).service).toMatchObject({
      rateLimit: 0.5,
      burst: undefined,
      retryAfterHeader: false,
    });
  });

  it.each([
    [['--port', '65536'], '--port "65536" must be a port number from 0 to 65535'],
    [['--research-port', 'x'], '--research-port "x" must be a port number from 0 to 65535'],
    [['--latency', '60001'], '--latency "60001" must be a whole number from 0 to 60000'],
    [['--fault-rate', '1.5'], '--fault-rate "1.5" must be a number from 0 to 1'],
    [['--fault-status', '302'], '--fault-status "302" must be a whole number from 400 to 599'],
    [['--retry-after', '3601'], '--retry-after "3601" must be a whole number from 0 to 3600'],
    [['--drop-rate', 'half'], '--drop-rate "half" must be a number from 0 to 1'],
    [['--bulk-items', '-5'], '--bulk-items "-5" must be a whole number from 0 to 10000000'],
    [['--clock-offset', '1.5'], /^--clock-offset "1.5" must be a whole number of seconds within a week/],
    [['--clock-offset', '604801'], /^--clock-offset "604801" must be a whole number of seconds within a week/],
    [['--seed', 'full'], /^--seed "full" must be demo or empty$/],
  ])('refuses %j, naming the flag and the rule', (argv, message) => {
    expect(parseError(sandbox, argv)).toMatch(message);
  });

  it.each(RATE_LIMIT_REFUSALS)('refuses the rate limit %j', (argv, message) => {
    expect(parseError(sandbox, argv)).toMatch(message);
  });
});
