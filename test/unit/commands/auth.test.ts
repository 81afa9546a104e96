import { describe, expect, it } from 'vitest';
import * as authStatus from '../../../src/commands/auth/status.js';
import * as authToken from '../../../src/commands/auth/token.js';
import * as login from '../../../src/commands/login.js';
import * as logout from '../../../src/commands/logout.js';
import * as researchLogin from '../../../src/commands/research/login.js';
import * as whoami from '../../../src/commands/whoami.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';

describe('inv login options', () => {
  it('is a browser login with the code flow on a free port by default, the scope left to the profile', () => {
    expect(parseArgv(login, [])).toEqual({
      password: false,
      implicit: false,
      browser: true,
      port: 0,
      username: undefined,
      passwordStdin: false,
      scope: undefined,
      insecureStorage: false,
    });
    expect(parseArgv(login, ['--insecure-storage']).insecureStorage).toBe(true);
  });

  it('is the password grant with --password or --flow password', () => {
    expect(parseArgv(login, ['--password', '--username', 'demo', '--password-stdin'])).toMatchObject({
      password: true,
      username: 'demo',
      passwordStdin: true,
    });
    expect(parseArgv(login, ['--flow', 'password']).password).toBe(true);
  });

  it('takes the implicit flow, --no-browser, a fixed --port and --scope', () => {
    expect(
      parseArgv(login, ['--flow', 'implicit', '--no-browser', '--port', '8765', '--scope', 'inventory']),
    ).toMatchObject({ password: false, implicit: true, browser: false, port: 8765, scope: 'inventory' });
  });

  it.each([['--username', 'demo'], ['--password-stdin']])('refuses %s without --password', (...args) => {
    expect(parseError(login, args)).toBe('--username and --password-stdin go with --password');
  });

  it.each(['70000', 'abc', '-1', ''])('refuses --port %j, naming the range', (port) => {
    expect(parseError(login, [`--port=${port}`])).toBe(`--port "${port}" must be a port number from 0 to 65535`);
  });

  it('offers only the three flows', () => {
    expect(parseError(login, ['--flow', 'pkce'])).toMatch(/^--flow "pkce" must be one of code, implicit, password$/);
  });
});

describe('inv research login options', () => {
  it('verifies the key by default; the ClientId and the secret are asked when not given', () => {
    expect(parseArgv(researchLogin, [])).toEqual({
      clientId: undefined,
      secretStdin: false,
      verify: true,
      insecureStorage: false,
    });
    expect(parseArgv(researchLogin, ['--insecure-storage']).insecureStorage).toBe(true);
  });

  it('takes the ClientId trimmed, the secret from stdin, and --no-verify', () => {
    expect(parseArgv(researchLogin, ['--client-id', ' my-client ', '--secret-stdin', '--no-verify'])).toEqual({
      clientId: 'my-client',
      secretStdin: true,
      verify: false,
      insecureStorage: false,
    });
  });

  it('refuses an empty --client-id', () => {
    expect(parseError(researchLogin, ['--client-id', '  '])).toBe('--client-id must not be empty');
  });
});

describe.each([
  ['logout', logout],
  ['whoami', whoami],
  ['auth status', authStatus],
  ['auth token', authToken],
])('inv %s options', (_name, module) => {
  it('are none', () => {
    expect(parseArgv(module, [])).toBeUndefined();
  });

  it('refuses an argument', () => {
    expect(parseError(module, ['extra'])).toMatch(/too many arguments/);
  });

  it('refuses an unknown option', () => {
    expect(parseError(module, ['--json-pretty'])).toMatch(/unknown option '--json-pretty'/);
  });
});
