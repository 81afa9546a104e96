/** The sandbox's OAuth server and the bearer check of the inventory API, on the wire. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeOf } from '../../src/auth/pkce.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { postConsent, type TokenAnswer } from '../helpers/oauth.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const basic = (id: string, secret: string) => 'Basic ' + Buffer.from(`${id}:${secret}`).toString('base64');
async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers,
  });
  return { status: res.status, body: (await res.json()) as TokenAnswer };
}
function cli() {
  const { clientId, clientSecret, username, password } = sandbox.credentials.oauth;
  return { clientId, clientSecret, username, password };
}
async function authorize(
  params: Record<string, string>,
  form: { username: string; password: string; decision: 'approve' | 'deny' },
) {
  const res = await postConsent(`${sandbox.authUrl}/oauth2/auth?${new URLSearchParams(params)}`, form);
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}
const VERIFIER = 'v'.repeat(43);

describe('/oauth2/auth', () => {
  const params = () => ({
    client_id: cli().clientId,
    redirect_uri: 'http://127.0.0.1:41234/callback',
    response_type: 'code',
    scope: 'inventory research',
    state: 'st',
    code_challenge: challengeOf(VERIFIER),
    code_challenge_method: 'S256',
  });

  it('serves a login and consent page with the scopes, Approve and Deny', async () => {
    const res = await fetch(`${sandbox.authUrl}/oauth2/auth?${new URLSearchParams(params())}`);
    const page = await res.text();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    for (const part of [
      'name="username"',
      'name="password"',
      '<li>inventory</li>',
      '<li>research</li>',
      'value="approve"',
      'value="deny"',
    ])
      expect(page).toContain(part);
  });

  it('shows an error page (no redirect) for an unknown client or an unregistered redirect_uri', async () => {
    const unknown = await fetch(
      `${sandbox.authUrl}/oauth2/auth?${new URLSearchParams({ ...params(), client_id: 'nobody' })}`,
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toMatch(/unknown client_id/);
    const elsewhere = await fetch(
      `${sandbox.authUrl}/oauth2/auth?${new URLSearchParams({ ...params(), redirect_uri: 'https://evil.example.com/cb' })}`,
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toMatch(/is not registered/);
  });

  it('re-asks on a wrong password, and issues a code bound to the redirect on Approve', async () => {
    const wrong = await authorize(params(), { username: 'demo', password: 'nope', decision: 'approve' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/Wrong username or password/);
    const ok = await authorize(params(), { username: cli().username, password: cli().password, decision: 'approve' });
    const location = new URL(ok.location!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:41234/callback');
    expect(location.searchParams.get('state')).toBe('st');
    const code = location.searchParams.get('code')!;
    const otherRedirect = await token({
      grant_type: 'authorization_code',
      code,
      client_id: cli().clientId,
      client_secret: cli().clientSecret,
      redirect_uri: 'http://127.0.0.1:1/callback',
    });
    expect(otherRedirect.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/redirect_uri does not match/),
    });
  });

  it('checks PKCE', async () => {
    const verifier = VERIFIER;
    const redirect_uri = params().redirect_uri;
    const ok = await authorize(params(), { username: cli().username, password: cli().password, decision: 'approve' });
    const code = new URL(ok.location!).searchParams.get('code')!;
    const bad = await token({
      grant_type: 'authorization_code',
      code,
      client_id: cli().clientId,
      client_secret: cli().clientSecret,
      redirect_uri,
      code_verifier: 'w'.repeat(43),
    });
    expect(bad.body.error_description).toMatch(/PKCE/);
    const again = await authorize(params(), {
      username: cli().username,
      password: cli().password,
      decision: 'approve',
    });
    const good = await token({
      grant_type: 'authorization_code',
      code: new URL(again.location!).searchParams.get('code')!,
      client_id: cli().clientId,
      client_secret: cli().clientSecret,
      redirect_uri,
      code_verifier: verifier,
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(good.body.refresh_token).toBeTruthy();
  });

  it('puts the implicit token in the fragment', async () => {
    const ok = await authorize(
      { ...params(), response_type: 'token' },
      { username: cli().username, password: cli().password, decision: 'approve' },
    );
    const fragment = new URLSearchParams(new URL(ok.location!).hash.slice(1));
    expect(fragment.get('token')).toBeTruthy();
    expect(fragment.get('state')).toBe('st');
  });
});

describe('/oauth2/token', () => {
  it('password grant needs Basic client credentials of an approved client', async () => {
    const { clientId, clientSecret, username, password } = cli();
    const ok = await token(
      { grant_type: 'password', username, password },
      { authorization: basic(clientId, clientSecret) },
    );
    expect(ok.status).toBe(200);
    const partner = sandbox.credentials.partner;
    const refused = await token(
      { grant_type: 'password', username, password },
      { authorization: basic(partner.clientId, partner.clientSecret) },
    );
    expect(refused).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
    const wrongSecret = await token(
      { grant_type: 'password', username, password },
      { authorization: basic(clientId, 'x') },
    );
    expect(wrongSecret).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('rotates refresh tokens: the old one stops working', async () => {
    const { clientId, clientSecret, username, password } = cli();
    const first = await token(
      { grant_type: 'password', username, password },
      { authorization: basic(clientId, clientSecret) },
    );
    const second = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers {error, error_description} for every failure', async () => {
    const forms: Array<Record<string, string>> = [
      { grant_type: 'magic' },
      { grant_type: 'authorization_code', code: 'nope' },
      {},
    ];
    for (const form of forms) {
      const r = await token({ client_id: cli().clientId, client_secret: cli().clientSecret, ...form });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(r.body).sort()).toEqual(['error', 'error_description']);
    }
  });
});

describe('tokeninfo and bearer checks', () => {
  it('tokeninfo answers client_id, user, scope, expires_in', async () => {
    const t = sandbox.oauth.issueTokens('inv-cli', '1001', 'inventory');
    const res = await fetch(`${sandbox.baseUrl}/oauth2/tokeninfo?access_token=${t.access_token}`);
    const body = (await res.json()) as { expires_in: number };
    expect(body).toMatchObject({ client_id: 'inv-cli', user: 'demo@example.com', scope: 'inventory' });
    expect(body.expires_in).toBeGreaterThan(3500);
    const bad = await fetch(`${sandbox.baseUrl}/oauth2/tokeninfo?access_token=nope`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('/v1/whoami needs a valid bearer token and answers in the envelope', async () => {
    const none = await fetch(`${sandbox.baseUrl}/v1/whoami`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      status: 'error',
      code: 401,
      httpCode: '401',
      message: expect.stringMatching(/missing bearer token/),
    });
    const t = sandbox.oauth.issueTokens('inv-cli', '1001', '');
    const ok = await fetch(`${sandbox.baseUrl}/v1/whoami`, { headers: { authorization: `Bearer ${t.access_token}` } });
    expect(await ok.json()).toMatchObject({
      status: 'success',
      code: 200,
      httpCode: '200',
      user: '1001',
      data: { user: { email: 'demo@example.com' } },
    });
    sandbox.oauth.expireAccessTokens();
    const expired = await fetch(`${sandbox.baseUrl}/v1/whoami`, {
      headers: { authorization: `Bearer ${t.access_token}` },
    });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
  });
});
