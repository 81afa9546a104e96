import { describe, expect, it } from 'vitest';
import { resultPage } from '../../src/auth/loopback.js';
import { tokensFrom } from '../../src/auth/oauth-client.js';
import { NotThisRedirect, redirectAnswer } from '../../src/auth/redirect.js';
import { sshWithoutBrowser } from '../../src/cli/browser.js';
import { authorizeUrl, challengeOf, newState, newVerifier, redirectParams } from '../../src/auth/pkce.js';
import { needsRefresh } from '../../src/auth/tokens.js';
import { randomToken, redirectAllowed, type RegisteredClient } from '../../src/sandbox/oauth/oauth-state.js';
import { LoginThrottle, Throttled } from '../../src/sandbox/oauth/throttle.js';
import { bearerHook } from '../../src/auth/bearer-hook.js';
import type { TokenProvider } from '../../src/auth/tokens.js';
import type { HttpRequest } from '../../src/http/http-types.js';
import { READ_POLICY } from '../../src/http/retry.js';

describe("the sandbox's secrets", () => {
  it('never start with "-", so a client secret or password pasted as an argument is not read as an option', () => {
    const tokens = Array.from({ length: 5000 }, () => randomToken(18));
    expect(tokens.filter((t) => t.startsWith('-'))).toEqual([]);
    expect(new Set(tokens.map((t) => t.length))).toEqual(new Set([24]));
    expect(new Set(tokens).size).toBe(5000);
  });
});

describe('PKCE and state', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes 128-bit states and 43-character verifiers, different every time', () => {
    expect(Buffer.from(newState(), 'base64url')).toHaveLength(16);
    expect(newVerifier()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newState()).not.toBe(newState());
  });

  it('builds the authorization URL under a base path', () => {
    const url = new URL(
      authorizeUrl({
        authUrl: 'https://auth.example.com/api/',
        clientId: 'c',
        redirectUri: 'http://127.0.0.1:5/callback',
        responseType: 'code',
        scope: 'a b',
        state: 's',
        challenge: 'x',
      }),
    );
    expect(url.pathname).toBe('/api/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect_uri: 'http://127.0.0.1:5/callback',
      client_id: 'c',
      response_type: 'code',
      scope: 'a b',
      state: 's',
      type: 'web_server',
      code_challenge: 'x',
      code_challenge_method: 'S256',
    });
  });

  it('reads redirects from the query or the fragment', () => {
    expect(redirectParams('http://127.0.0.1:1/callback?code=a&state=b', false)?.get('code')).toBe('a');
    expect(redirectParams('http://127.0.0.1:1/callback#token=t&state=b', true)?.get('token')).toBe('t');
    expect(redirectParams('not a url', false)).toBeUndefined();
  });
});

describe('token lifetimes', () => {
  it('reads expires_in, or expires, and keeps the refresh token', () => {
    expect(tokensFrom({ access_token: 'a', expires_in: 60, refresh_token: 'r' }, 1000)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 61_000,
    });
    expect(tokensFrom({ access_token: 'a', expires: '30' }, 0).expiresAt).toBe(30_000);
    expect(tokensFrom({ access_token: 'a' }).expiresAt).toBeUndefined();
    expect(() => tokensFrom({})).toThrow(/without an access_token/);
  });

  it('refreshes a minute ahead of expiry', () => {
    expect(needsRefresh({ accessToken: 'a', expiresAt: 100_000 }, 39_000)).toBe(false);
    expect(needsRefresh({ accessToken: 'a', expiresAt: 100_000 }, 41_000)).toBe(true);
    expect(needsRefresh({ accessToken: 'a' }, Date.now())).toBe(false);
  });
});

describe('redirect URI matching (RFC 8252 section 7.3)', () => {
  const client: RegisteredClient = {
    id: 'c',
    secretHash: 's',
    name: 'n',
    passwordGrant: false,
    redirectUris: ['http://127.0.0.1/callback', 'http://[::1]/callback', 'https://app.example.com/cb'],
  };
  it('accepts loopback redirects on any port, exact matches elsewhere', () => {
    expect(redirectAllowed(client, 'http://127.0.0.1:53123/callback')).toBe(true);
    expect(redirectAllowed(client, 'http://[::1]:8080/callback')).toBe(true);
    expect(redirectAllowed(client, 'https://app.example.com/cb')).toBe(true);
  });
  it('refuses other paths, hosts, schemes and fragments', () => {
    for (const uri of [
      'http://127.0.0.1:1/other',
      'http://127.0.0.2:1/callback',
      'https://127.0.0.1:1/callback',
      'http://127.0.0.1:1/callback#x',
      'https://app.example.com:444/cb',
      'https://evil.example.com/cb',
      'https://app.example.com/other',
      'https://app.example.com/cb/more',
    ]) {
      expect(redirectAllowed(client, uri), uri).toBe(false);
    }
  });
});

describe('login: the result page, the answer check, SSH', () => {
  it('escapes what it names (a user or profile from elsewhere)', () => {
    const page = resultPage(true, 'Logged in as <img src=x onerror=alert(1)> (profile a&b). You can close this tab.');
    expect(page).toContain('Logged in as &#60;img src=x onerror=alert(1)&#62; (profile a&#38;b).');
    expect(page).not.toContain('<img');
    expect(resultPage(false, 'login failed: access was denied in the browser')).toContain(
      '<p>Access was denied in the browser</p>',
    );
  });

  it('tells a paste that may be tried again from an answer that ends the login', () => {
    const ctx = { state: 'S', implicit: false, again: 'inv login --no-browser' };
    const answers = [
      'hello',
      'http://127.0.0.1:9/callback?code=c&state=T',
      'http://127.0.0.1:9/callback?state=S',
      'http://127.0.0.1:9/callback?code=c',
      'http://127.0.0.1:9/callback?code=c&state=',
    ];
    for (const text of answers) {
      expect(() => redirectAnswer(text, ctx), text).toThrow(NotThisRedirect);
    }
    expect(() => redirectAnswer('http://127.0.0.1:9/callback?error=access_denied&state=S', ctx)).toThrow(
      /access was denied/,
    );
    expect(() => redirectAnswer('http://127.0.0.1:9/callback?error=access_denied&state=S', ctx)).not.toThrow(
      NotThisRedirect,
    );
    expect(redirectAnswer(' http://127.0.0.1:9/callback?code=c&state=S ', ctx).get('code')).toBe('c');
  });

  it('takes an SSH session with no BROWSER and no display as --no-browser', () => {
    const ssh = { SSH_CONNECTION: '203.0.113.5 50022 192.0.2.1 22' };
    expect(sshWithoutBrowser(ssh)).toBe(true);
    expect(sshWithoutBrowser({ SSH_TTY: '/dev/pts/1', BROWSER: '' })).toBe(true);
    expect(sshWithoutBrowser({ ...ssh, BROWSER: 'w3m' })).toBe(false);
    expect(sshWithoutBrowser({ ...ssh, DISPLAY: ':0' })).toBe(false);
    expect(sshWithoutBrowser({ ...ssh, WAYLAND_DISPLAY: 'wayland-0' })).toBe(false);
    expect(sshWithoutBrowser({ DISPLAY: '' })).toBe(false);
  });
});

describe('login throttling', () => {
  it('lets four wrong passwords through, then makes every attempt wait 30 s, doubling', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 4; i++) throttle.record('Demo', false);
    expect(() => throttle.check('demo')).not.toThrow();
    throttle.record('demo', false);
    expect(() => throttle.check('DEMO')).toThrow(new Throttled(30));
    now = 30_000;
    throttle.record('demo', false);
    expect(() => throttle.check('demo')).toThrow(new Throttled(60));
    throttle.record('demo', true);
    expect(() => throttle.check('demo')).not.toThrow();
  });

  it('never makes a user wait longer than 15 minutes', () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < 40; i++) throttle.record('demo', false);
    expect(() => throttle.check('demo')).toThrow(new Throttled(900));
  });
});

describe('the bearer hook', () => {
  it('refreshes once on a 401 for a stored token, never for INV_TOKEN (there is nothing to refresh)', async () => {
    const req: HttpRequest = {
      operation: 'items',
      method: 'GET',
      url: new URL('http://i.test/v1/items'),
      headers: {},
      retry: READ_POLICY,
      auth: 'bearer',
    };
    for (const source of ['config', 'INV_TOKEN'] as const) {
      const refreshed: string[] = [];
      const sent: string[] = [];
      const tokens = {
        source,
        accessToken: async () => 'old',
        refresh: async (t: string) => (refreshed.push(t), 'new'),
      } as unknown as TokenProvider;
      const res = await bearerHook(tokens)(req, async (r) => {
        sent.push(r.headers.authorization!);
        return { status: r.headers.authorization === 'Bearer new' ? 200 : 401, headers: {}, durationMs: 1, text: '{}' };
      });
      if (source === 'config')
        expect([res.status, sent, refreshed]).toEqual([200, ['Bearer old', 'Bearer new'], ['old']]);
      else expect([res.status, sent, refreshed]).toEqual([401, ['Bearer old'], []]);
    }
  });
});
