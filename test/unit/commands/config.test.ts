import { describe, expect, it } from 'vitest';
import * as configGet from '../../../src/commands/config/get.js';
import * as configList from '../../../src/commands/config/list.js';
import * as configPath from '../../../src/commands/config/path.js';
import * as configSet from '../../../src/commands/config/set.js';
import * as configUnset from '../../../src/commands/config/unset.js';
import { parseKeyValue } from '../../../src/config/keys.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe.each([
  ['config get', configGet],
  ['config unset', configUnset],
])('inv %s options', (_name, module) => {
  it('are a settable key', () => {
    expect(parseArgv(module, ['research.keyIn'])).toBe('research.keyIn');
    expect(parseArgv(module, ['clientSecret'])).toBe('clientSecret');
  });

  it('refuse an unknown key, listing the valid ones', () => {
    expect(parseError(module, ['nope'])).toMatch(
      /^unknown config key "nope"; valid keys: baseUrl, authUrl, researchUrl,/,
    );
  });

  it('need the key', () => {
    expect(parseError(module, [])).toMatch(/missing required argument 'key'/);
  });
});

describe.each([
  ['config list', configList],
  ['config path', configPath],
])('inv %s options', (_name, module) => {
  it('are none', () => {
    expect(parseArgv(module, [])).toBeUndefined();
    expect(parseError(module, ['baseUrl'])).toMatch(/too many arguments/);
  });
});

describe('inv config set options', () => {
  it('take the key and the value as given (checked by its rule when set)', () => {
    expect(parseArgv(configSet, ['research.keyIn', 'query'])).toEqual({
      key: 'research.keyIn',
      value: 'query',
      stdin: false,
      forUrl: undefined,
    });
  });

  it('leave the value to read from stdin, or to ask for, when it is not given', () => {
    expect(parseArgv(configSet, ['clientSecret', '--stdin'])).toMatchObject({ value: undefined, stdin: true });
    expect(parseArgv(configSet, ['research.secretKey'])).toMatchObject({ value: undefined, stdin: false });
  });

  it('take --for with a secret bound to a server', () => {
    expect(parseArgv(configSet, ['clientSecret', '--stdin', '--for', 'https://auth.example.com'])).toMatchObject({
      key: 'clientSecret',
      forUrl: 'https://auth.example.com',
    });
    expect(parseArgv(configSet, ['research.secretKey', '--for', 'https://r.example.com']).forUrl).toBe(
      'https://r.example.com',
    );
  });

  it('refuse --for with any other key', () => {
    expect(parseError(configSet, ['baseUrl', 'https://a.example.com', '--for', 'https://b.example.com'])).toBe(
      '--for goes with clientSecret or research.secretKey only',
    );
  });

  it('refuse a value and --stdin together', () => {
    expect(parseError(configSet, ['scope', 'inventory', '--stdin'])).toBe('give the value or --stdin, not both');
  });

  it('refuse an unknown key before anything else', () => {
    expect(parseError(configSet, ['nope', '1'])).toMatch(/unknown config key "nope"; valid keys: baseUrl/);
    expect(parseError(configSet, ['nope', '1', '--stdin'])).toMatch(/unknown config key "nope"/);
  });
});

describe('config values', () => {
  it('are checked by the rule of their key, the message naming the key and the rule', () => {
    expect(() => parseKeyValue('baseUrl', 'ftp://x')).toThrow(/config baseUrl: "ftp:\/\/x" must be an http\(s\) URL/);
    expect(() => parseKeyValue('research.keyIn', 'cookie')).toThrow(
      'config research.keyIn: "cookie" must be header or query',
    );
    expect(() => parseKeyValue('research.keyOffset', '99999')).toThrow(
      'config research.keyOffset: "99999" must be at most 14400 (4 hours)',
    );
  });

  it('keep a secret out of the message', () => {
    expect(() => parseKeyValue('clientSecret', '')).toThrow('config clientSecret: the value must not be empty');
  });

  it('are typed by their rule', () => {
    expect(parseKeyValue('research.keyOffset', '-30')).toBe(-30);
    expect(parseKeyValue('scout.overrides', '{"Books":{"maxRank":5}}')).toEqual({ Books: { maxRank: 5 } });
  });
});
