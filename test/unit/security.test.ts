/** Pure rules behind the security checks: text safety, where credentials may go, redirect matching, URLs to open. */
import { describe, expect, it } from 'vitest';
import { openableUrl } from '../../src/cli/browser.js';
import { isLoopbackHost, requireBoundOrigin, requireSecureTransport } from '../../src/auth/origin.js';
import { isLoopbackAddress } from '../../src/sandbox/http.js';
import { parseFaultRule } from '../../src/sandbox/faults.js';
import { redirectAllowed } from '../../src/sandbox/oauth/oauth-state.js';
import { nestsDeeper } from '../../src/sandbox/json-depth.js';
import { spreadsheetSafe, terminalSafe, visibleControls } from '../../src/util/sanitize.js';

describe('terminalSafe', () => {
  it('removes CSI, OSC (BEL or ST), C1 and bidi controls; keeps text', () => {
    expect(terminalSafe('a\u001b[2Jb\u001b]52;c;ZXZpbA==\u0007c\u001b]8;;http://x\u001b\\d\u009b31me\u202ef')).toBe(
      'abcdef',
    );
    expect(terminalSafe('tab\there\nline')).toBe('tab here line');
    expect(terminalSafe('Crème brûlée — 10 €')).toBe('Crème brûlée — 10 €');
    expect(terminalSafe('a\u001b[31m\nb\u0007', true)).toBe('a\nb');
  });
});

describe('nestsDeeper', () => {
  it('counts open arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeper('['.repeat(65) + ']'.repeat(65))).toBe(true);
    expect(nestsDeeper('['.repeat(64) + ']'.repeat(64))).toBe(false);
    expect(nestsDeeper(JSON.stringify({ a: '['.repeat(100), b: '\\"{{{{' }), 2)).toBe(false);
    expect(nestsDeeper('{"a":{"b":[1]}}', 2)).toBe(true);
  });
});

describe('visibleControls', () => {
  it('shows every control as a visible character, keeps tab and line feed', () => {
    expect(visibleControls('a\u001b[2Jb\u0007\r\u007f\u009b31m\u202e\tz\n')).toBe(
      'a\u241b[2Jb\u2407\u240d\u2421<U+009B>31m<U+202E>\tz\n',
    );
    expect(visibleControls('plain text')).toBe('plain text');
  });
});

describe('spreadsheetSafe', () => {
  it('prefixes formulas and leaves plain numbers and text', () => {
    for (const cell of ['=1+1', '+cmd|x', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    for (const cell of ['-3', '+1.5', '-0.25', '1e5', 'mug', '']) expect(spreadsheetSafe(cell)).toBe(cell);
  });
});

describe('where credentials may go', () => {
  it('plain http only to loopback', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '[::1]', 'localhost', 'api.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['128.0.0.1', 'example.com', '10.0.0.1', '127.0.0.1.example.com', 'evillocalhost'])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(() => requireSecureTransport(new URL('http://example.com/x'), 'it')).toThrow(/http:\/\/example\.com/);
    expect(() => requireSecureTransport(new URL('https://example.com/x'), 'it')).not.toThrow();
    expect(() => requireSecureTransport(new URL('http://127.0.0.1:4010'), 'it')).not.toThrow();
  });

  it('only to the bound origin; unbound credentials are not checked', () => {
    const binding = { origin: 'https://a.example', what: 'the token', profile: 'p', setting: 'baseUrl' as const };
    expect(() => requireBoundOrigin(new URL('https://a.example/v1/x'), binding)).not.toThrow();
    expect(() => requireBoundOrigin(new URL('https://b.example/v1/x'), binding)).toThrow(
      /https:\/\/b\.example.*https:\/\/a\.example/,
    );
    expect(() => requireBoundOrigin(new URL('https://b.example'), { ...binding, origin: undefined })).not.toThrow();
    // Stored with no origin: sent nowhere, and the hint says how to bind it (not "issued for null").
    expect(() => requireBoundOrigin(new URL('https://a.example/v1/x'), { ...binding, origin: null })).toThrow(
      /stored with no origin/,
    );
  });

  it('a look-alike of the bound origin is another origin: a longer host, another port', () => {
    const binding = { origin: 'https://a.example', what: 'the token', profile: 'p', setting: 'baseUrl' as const };
    for (const url of ['https://a.example.evil/v1/x', 'https://a.examplex/v1/x', 'https://a.example:4010/v1/x'])
      expect(() => requireBoundOrigin(new URL(url), binding), url).toThrow(/it was issued for https:\/\/a\.example$/);
    const local = { ...binding, origin: 'http://127.0.0.1:4010' };
    expect(() => requireBoundOrigin(new URL('http://127.0.0.1:40100/v1/x'), local)).toThrow(/issued for/);
  });

  it('opens only http(s) URLs, normalised, on the given origin', () => {
    expect(openableUrl('http://127.0.0.1:1/l?x=1', 'http://127.0.0.1:1')).toBe('http://127.0.0.1:1/l?x=1');
    for (const bad of ['--utility-cmd-prefix=x', 'file:///etc/shadow', 'javascript:alert(1)', '-http://x'])
      expect(() => openableUrl(bad), bad).toThrow(/not opening/);
    expect(() => openableUrl('https://evil.example/x', 'http://127.0.0.1:1')).toThrow(/not on/);
  });
});

describe("the sandbox's checks", () => {
  it('loopback remote addresses', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['10.0.0.2', '::ffff:10.0.0.2', undefined]) expect(isLoopbackAddress(a)).toBe(false);
  });

  it('fault rules field by field', () => {
    expect(parseFaultRule({ status: 503, times: 2, path: '/v1/fees', retryAfter: 1 })).toMatchObject({
      status: 503,
      times: 2,
    });
    expect(parseFaultRule({ status: 'drop' })).toMatchObject({ status: 'drop', times: 1 });
    expect(parseFaultRule({ status: 'garble', path: '/v1/doMoveItem' })).toMatchObject({ status: 'garble' });
    expect(parseFaultRule({ status: 'error-body', message: 'x', path: '/v1/fees' })).toMatchObject({
      status: 'error-body',
      message: 'x',
    });
    expect(parseFaultRule({ status: 500, afterApply: true })).toMatchObject({ afterApply: true });
    for (const bad of [
      { status: 'abc' },
      { status: 42 },
      { status: 503, retryAfter: '1\r\nX: y' },
      { status: 503, path: 'v1' },
      { status: 503, extra: 1 },
      null,
      [],
    ]) {
      expect(() => parseFaultRule(bad), JSON.stringify(bad)).toThrow(/fault rule/);
    }
  });

  it('redirect URIs exact but the loopback port', () => {
    const client = { redirectUris: ['http://127.0.0.1/callback', 'https://app.example.com/cb'] };
    expect(redirectAllowed(client, 'http://127.0.0.1:5/callback')).toBe(true);
    for (const uri of [
      'http://127.0.0.1:5/callback?x=1',
      'http://u@127.0.0.1:5/callback',
      'http://127.0.0.1:5/callback/',
      'https://app.example.com/cb?x',
      'https://app.example.com/cb#f',
    ]) {
      expect(redirectAllowed(client, uri), uri).toBe(false);
    }
  });
});
