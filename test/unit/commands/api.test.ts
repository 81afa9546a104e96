import { describe, expect, it } from 'vitest';
import * as api from '../../../src/commands/api.js';
import { parseArgv, parseError } from '../../helpers/parse-argv.js';
import { usageError } from '../../helpers/usage-error.js';

describe('inv api options', () => {
  it('upper-cases the method and puts a leading slash on the path', () => {
    expect(parseArgv(api, ['get', 'v1/locations'])).toEqual({
      method: 'GET',
      path: '/v1/locations',
      query: {},
      body: undefined,
      input: undefined,
      research: false,
    });
  });

  it('sends -f/-F as query parameters for GET and DELETE, as strings', () => {
    const argv = ['GET', '/v1/items?offset=2', '-f', 'msku=MUG', '-F', 'limit=10'];
    expect(parseArgv(api, argv)).toMatchObject({ path: '/v1/items', query: { offset: '2', msku: 'MUG', limit: '10' } });
    expect(parseArgv(api, ['DELETE', '/v1/feedback/1-2', '-f', 'x=y'])).toMatchObject({ query: { x: 'y' } });
  });

  it('sends them as body fields otherwise: -F as JSON numbers, true, false and null, -f as strings', () => {
    const argv = ['POST', '/v1/locations', '-f', 'display=Raw', '-f', 'order=7', '-F', 'n=7', '-F', 'on=true'];
    expect(parseArgv(api, [...argv, '-F', 'off=false', '-F', 'none=null', '-F', 'ref=B1'])).toMatchObject({
      query: {},
      body: { display: 'Raw', order: '7', n: 7, on: true, off: false, none: null, ref: 'B1' },
    });
  });

  it('puts the fields of a settings PUT in the query (its value is a query parameter)', () => {
    expect(parseArgv(api, ['PUT', '/v1/settings/DEFAULT_CONDITION', '-f', 'value=new'])).toMatchObject({
      query: { value: 'new' },
      body: undefined,
    });
  });

  it('sends a body from --input (read in the run) even for GET, fields going to the query', () => {
    expect(parseArgv(api, ['GET', '/v1/items', '--input', 'b.json', '-f', 'a=1'])).toMatchObject({
      query: { a: '1' },
      body: {},
      input: 'b.json',
    });
    expect(parseArgv(api, ['POST', '/v1/items', '--input', '-', '-f', 'a=1'])).toMatchObject({ body: { a: '1' } });
  });

  it('refuses a method not in the list', () => {
    const error = usageError(api, ['FETCH', '/v1/items']);
    expect(error.message).toBe('method "FETCH" must be one of GET, POST, PUT, DELETE, PATCH');
    expect(error.exitCode).toBe(2);
  });

  it('refuses an address instead of a path', () => {
    expect(parseError(api, ['GET', 'https://elsewhere.example/v1/items'])).toBe(
      'path must be relative to the base address, e.g. /v1/items (set the address with --base-url)',
    );
  });

  it('refuses a field that is not name=value, naming -f or -F', () => {
    expect(parseError(api, ['POST', '/v1/items', '-f', 'title'])).toBe('-f "title" must look like name=value');
    expect(parseError(api, ['POST', '/v1/items', '-F', '=3'])).toBe('-F "=3" must look like name=value');
  });

  it('refuses --research with a method other than GET', () => {
    expect(parseError(api, ['POST', '/v1/x', '--research'])).toBe('the Research API only answers GET');
    expect(parseArgv(api, ['GET', '/v1/getAsinCategories/B00X4WHP5E', '--research']).research).toBe(true);
  });
});
