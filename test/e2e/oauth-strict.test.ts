/** The sandbox's authorization server holds to RFC 9700, 8252, 7636, 6749 and 7009, on the wire. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeOf } from '../../src/auth/pkce.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { consentPage, postConsent, type TokenAnswer } from '../helpers/oauth.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const REDIRECT = 'http://127.0.0.1:41999/callback';
const VERIFIER = 'v'.repeat(43);
const cli = () => sandbox.credentials.oauth;
const basic = (id: string, secret: string) => 'Basic ' + Buffer.from(`${id}:${secret}`).toString('base64');

function authorizeUrl(params: Record<string, string | undefined>, clientId = cli().clientId): string {
  const all: Record<string, string | undefined> = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: '',
    state: 'st',
    code_challenge: challengeOf(VERIFIER),
    code_challenge_method: 'S256',
    ...params,
  };
  const query = new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
  return `${sandbox.authUrl}/oauth2/auth?${query}`;
}

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers,
  });
  return { status: res.status, body: (await res.json()) as TokenAnswer };
}

/** Approves an authorization request as the demo user; the code it returns. */
async function codeFor(params: Record<string, string | undefined> = {}, clientId?: string): Promise<string> {
  const res = await postConsent(authorizeUrl(params, clientId), { username: cli().username, password: cli().password });
  const code = new URL(res.headers.get('location') ?? 'http://x/').searchParams.get('code');
  if (!code) throw new Error(`no code: ${res.status} ${res.headers.get('location')}`);
  return code;
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    code,
    client_id: cli().clientId,
    client_secret: cli().clientSecret,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    ...extra,
  });
const refresh = (refreshToken: string) =>
  token({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: cli().clientId,
    client_secret: cli().clientSecret,
  });
const tokenInfo = async (accessToken: string) =>
  (await fetch(`${sandbox.baseUrl}/oauth2/tokeninfo?access_token=${accessToken}`)).status;
const passwordGrant = () =>
  token(
    { grant_type: 'password', username: cli().username, password: cli().password },
    { authorization: basic(cli().clientId, cli().clientSecret) },
  );

describe('PKCE (RFC 7636, RFC 9700 §2.1.1)', () => {
  it('inv-cli gets no code without an S256 challenge, with plain, or with a malformed challenge', async () => {
    const cases: Array<Record<string, string | undefined>> = [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge: challengeOf(VERIFIER), code_challenge_method: 'plain' },
      // No method means plain (RFC 7636 §4.3).
      { code_challenge: challengeOf(VERIFIER), code_challenge_method: undefined },
      { code_challenge: 'short' },
      { code_challenge: `${'a'.repeat(42)}+` },
    ];
    for (const params of cases) {
      const page = await consentPage(authorizeUrl(params));
      expect(page.status, JSON.stringify(params)).toBe(302);
      const back = new URL(page.location!);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
      expect(back.searchParams.get('state')).toBe('st');
    }
  });

  it('refuses the downgrade both ways: no verifier for a challenged code, a verifier for an unchallenged one', async () => {
    const challenged = await codeFor();
    expect(await exchange(challenged, { code_verifier: '' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const partner = sandbox.credentials.partner;
    const plainCode = await codeFor({ code_challenge: undefined, code_challenge_method: undefined }, partner.clientId);
    const withVerifier = await exchange(plainCode, {
      client_id: partner.clientId,
      client_secret: partner.clientSecret,
    });
    expect(withVerifier.status).toBe(400);
    expect(withVerifier.body.error).toMatch(/invalid_(grant|request)/);
  });

  it('a verifier must be 43-128 unreserved characters (RFC 7636 §4.1), even when its hash matches', async () => {
    for (const verifier of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`, `${'a'.repeat(42)}/`]) {
      const code = await codeFor({ code_challenge: challengeOf(verifier) });
      const answer = await exchange(code, { code_verifier: verifier });
      expect(answer, verifier).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    }
  });
});

describe('redirect URIs (RFC 9700 §4.1.3, RFC 8252 §7.3, RFC 6749 §4.1.3)', () => {
  it('matches exactly except the loopback port: an extra query or userinfo is refused', async () => {
    for (const redirect of [
      `${REDIRECT}?next=x`,
      'http://evil@127.0.0.1:41999/callback',
      'http://127.0.0.1:41999/callback/',
      'http://127.0.0.1:41999/Callback',
    ]) {
      const page = await consentPage(authorizeUrl({ redirect_uri: redirect }));
      expect(page.status, redirect).toBe(400);
    }
    expect((await consentPage(authorizeUrl({ redirect_uri: 'http://127.0.0.1:50123/callback' }))).status).toBe(200);
  });

  it('a loopback redirect port must be 1-65535: port 0 is refused', async () => {
    expect((await consentPage(authorizeUrl({ redirect_uri: 'http://127.0.0.1:0/callback' }))).status).toBe(400);
    expect((await consentPage(authorizeUrl({ redirect_uri: 'http://127.0.0.1:65535/callback' }))).status).toBe(200);
  });

  it('requires redirect_uri at the token endpoint when it was sent at authorization', async () => {
    const code = await codeFor();
    const { redirect_uri: _omitted, ...withoutRedirect } = {
      grant_type: 'authorization_code',
      code,
      client_id: cli().clientId,
      client_secret: cli().clientSecret,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    };
    expect(await token(withoutRedirect)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('replays', () => {
  it('a replayed rotated refresh token revokes the whole family (RFC 9700 §4.14.2)', async () => {
    const first = await passwordGrant();
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expect(await refresh(first.body.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh(second.body.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await tokenInfo(second.body.access_token)).toBe(400);
  });

  it('a replayed code revokes the tokens issued from it (RFC 6749 §4.1.2)', async () => {
    const code = await codeFor();
    const issued = await exchange(code);
    expect(issued.status).toBe(200);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await tokenInfo(issued.body.access_token)).toBe(400);
    expect((await refresh(issued.body.refresh_token)).status).toBe(400);
  });

  it('a code replayed after its lifetime still revokes the tokens issued from it', async () => {
    const code = await codeFor();
    const issued = await exchange(code);
    expect(issued.status).toBe(200);
    sandbox.tokens.expireCodes();
    await codeFor(); // issuing a code sweeps the codes it no longer needs
    expect(await exchange(code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await tokenInfo(issued.body.access_token)).toBe(400);
  });
});

describe('token mix-ups', () => {
  it('a code or a refresh token issued to one client is refused to another (invalid_grant)', async () => {
    const partner = sandbox.credentials.partner;
    const partnerCode = await codeFor({}, partner.clientId);
    const asCli = await exchange(partnerCode);
    expect([asCli.status, asCli.body.error, asCli.body.error_description]).toEqual([
      400,
      'invalid_grant',
      'the authorization code was issued to another client',
    ]);
    const pair = await passwordGrant();
    expect(pair.status).toBe(200);
    const asPartner = await token({
      grant_type: 'refresh_token',
      refresh_token: pair.body.refresh_token,
      client_id: partner.clientId,
      client_secret: partner.clientSecret,
    });
    expect([asPartner.status, asPartner.body.error, asPartner.body.error_description]).toEqual([
      400,
      'invalid_grant',
      'the refresh token was issued to another client',
    ]);
    expect((await refresh(pair.body.refresh_token)).status, 'still good for its own client').toBe(200);
  });
});

describe('the consent page', () => {
  it("cannot be framed, and an Approve needs its CSRF token and the server's own Origin", async () => {
    const page = await consentPage(authorizeUrl({}));
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const user = { username: cli().username, password: cli().password };
    const noCsrf = await postConsent(authorizeUrl({}), user, { dropCsrf: true });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.headers.get('location')).toBeNull();
    const foreign = await postConsent(authorizeUrl({}), user, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('location')).toBeNull();
    const own = await postConsent(authorizeUrl({}), user);
    expect(own.status).toBe(302);
  });

  it('a CSRF token is bound to the authorization request it was issued for, and used once', async () => {
    const user = { username: cli().username, password: cli().password, decision: 'approve' };
    /** Posts the form of a page rendered for state "mine", with the parameters of another request. */
    const post = async (params: Record<string, string>, page?: Awaited<ReturnType<typeof consentPage>>) => {
      const issuedFor = page ?? (await consentPage(authorizeUrl({ state: 'mine' })));
      return fetch(`${sandbox.authUrl}/oauth2/auth`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: sandbox.authUrl,
          cookie: issuedFor.cookie,
        },
        body: new URLSearchParams({
          ...Object.fromEntries(new URL(authorizeUrl(params)).searchParams),
          csrf_token: issuedFor.fields.csrf_token!,
          ...user,
        }),
      });
    };
    const others: Array<Record<string, string>> = [
      { state: 'theirs' },
      { state: 'mine', code_challenge: challengeOf('o'.repeat(43)) },
      { state: 'mine', redirect_uri: 'http://127.0.0.1:42000/callback' },
    ];
    for (const other of others) {
      const res = await post(other);
      expect(res.status, JSON.stringify(other)).toBe(403);
      expect(res.headers.get('location')).toBeNull();
    }
    const page = await consentPage(authorizeUrl({ state: 'mine' }));
    expect((await post({ state: 'mine' }, page)).status).toBe(302);
    expect((await post({ state: 'mine' }, page)).status, 'the same token again').toBe(403);
  });

  it('pending consents are capped per client (the oldest is forgotten first), so unauthenticated page views cannot grow memory', async () => {
    const first = await consentPage(authorizeUrl({ state: 'oldest' }));
    for (let i = 0; i < 300; i++) await (await fetch(authorizeUrl({ state: `flood-${i}` }))).text();
    const res = await fetch(`${sandbox.authUrl}/oauth2/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sandbox.authUrl, cookie: first.cookie },
      body: new URLSearchParams({
        ...Object.fromEntries(new URL(authorizeUrl({ state: 'oldest' })).searchParams),
        csrf_token: first.fields.csrf_token!,
        username: cli().username,
        password: cli().password,
        decision: 'approve',
      }),
    });
    expect(res.status).toBe(403);
  });

  it('only an explicit Approve approves: a post with another decision, or none, is a denial', async () => {
    for (const decision of ['', 'yes', 'APPROVE', null]) {
      const res = await postConsent(authorizeUrl({}), { username: cli().username, password: cli().password, decision });
      const back = new URL(res.headers.get('location') ?? 'http://x/');
      const answer = [res.status, back.searchParams.get('error'), back.searchParams.get('code')];
      expect(answer, String(decision)).toEqual([302, 'access_denied', null]);
    }
  });
});

describe('client and user authentication', () => {
  it('malformed Basic credentials are 401 invalid_client, not a crash', async () => {
    for (const header of [basic('inv-cli', '%zz'), 'Basic !!!not-base64', basic('no-colon', '').replace(/=*$/, '')]) {
      const r = await token({ grant_type: 'password', username: 'demo', password: 'x' }, { authorization: header });
      expect(r, header).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    }
  });
});

describe('revocation (RFC 7009)', () => {
  /** Revokes a refresh token as `client` (inv-cli unless said). */
  const revoke = (tokenValue: string, client: { clientId: string; clientSecret: string } = cli()) =>
    fetch(`${sandbox.authUrl}/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: tokenValue, token_type_hint: 'refresh_token' }),
      headers: { authorization: basic(client.clientId, client.clientSecret) },
    });

  it('/oauth2/revoke ends a refresh token and the access tokens of its grant; unknown tokens answer 200', async () => {
    const t = await passwordGrant();
    expect((await revoke(t.body.refresh_token)).status).toBe(200);
    expect((await refresh(t.body.refresh_token)).status).toBe(400);
    expect(await tokenInfo(t.body.access_token)).toBe(400);
    expect((await revoke('never-issued')).status).toBe(200);
  });

  it("a client cannot revoke another client's token (unauthorized_client); the token stays good", async () => {
    const t = await passwordGrant();
    const res = await revoke(t.body.refresh_token, sandbox.credentials.partner);
    expect([res.status, ((await res.json()) as TokenAnswer).error]).toEqual([400, 'unauthorized_client']);
    expect(await tokenInfo(t.body.access_token)).toBe(200);
    expect((await refresh(t.body.refresh_token)).status).toBe(200);
  });
});

describe('login throttling', () => {
  it('throttles wrong passwords per user; even the right one waits while throttled', async () => {
    const own = await startTestSandbox();
    try {
      const { clientId, clientSecret, username, password } = own.credentials.oauth;
      const attempt = (pw: string) =>
        fetch(`${own.authUrl}/oauth2/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', username, password: pw }),
          headers: { authorization: basic(clientId, clientSecret) },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt('wrong')).status);
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses.at(-1)).toBe(429);
      const right = await attempt(password);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });
});
