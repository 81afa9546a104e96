/** Credentials go only to the origins they were issued for, never over plain http beyond loopback; logout revokes. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let fx: SandboxFixture;
let evil: Recorder;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture();
  evil = await startRecorder();
  const { oauth } = fx.sandbox.credentials;
  env = { ...fx.env, INV_CLIENT_ID: oauth.clientId, INV_CLIENT_SECRET: oauth.clientSecret };
});
afterAll(async () => {
  await evil.close();
  await fx.close();
});

const inv = (args: string[], extra: Record<string, string | undefined> = {}, input?: string) =>
  runInv(args, { env: { ...env, ...extra }, stdin: input });
const passwordLogin = (args: string[] = [], extra: Record<string, string | undefined> = {}) =>
  inv(
    [...args, 'login', '--password', '--username', fx.sandbox.credentials.oauth.username, '--password-stdin'],
    extra,
    fx.sandbox.credentials.oauth.password,
  );
const config = () => JSON.parse(readFileSync(join(fx.env.INV_CONFIG_DIR, 'config.json'), 'utf8'));

describe('tokens are bound to the origins they were issued for', () => {
  it('refuses to send the access token to another --base-url or INV_BASE_URL (exit 4, both origins named), before sending', async () => {
    expect((await passwordLogin()).code).toBe(0);
    for (const run of [
      () => inv(['whoami', '--base-url', evil.url]),
      () => inv(['whoami'], { INV_BASE_URL: evil.url }),
      () => inv(['auth', 'status', '--base-url', evil.url]),
    ]) {
      const r = await run();
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toContain(evil.url);
      expect(r.stderr).toContain(fx.sandbox.baseUrl);
      expect(r.stderr).toMatch(/profile of its own/);
    }
    expect(evil.requests).toHaveLength(0);
  });

  it('refuses to send the refresh token to another --auth-url', async () => {
    expect((await passwordLogin()).code).toBe(0);
    fx.sandbox.oauth.expireAccessTokens();
    const r = await inv(['whoami', '--auth-url', evil.url]);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain(evil.url);
    expect(evil.requests).toHaveLength(0);
  });

  it('refuses to send a stored client secret to another authorization server', async () => {
    const stored = {
      ...env,
      INV_CLIENT_ID: undefined,
      INV_CLIENT_SECRET: undefined,
      INV_BASE_URL: undefined,
      INV_AUTH_URL: undefined,
    };
    const { clientId, clientSecret } = fx.sandbox.credentials.oauth;
    expect((await inv(['profile', 'create', 'own'], stored)).code).toBe(0);
    for (const [key, value] of [
      ['baseUrl', fx.sandbox.baseUrl],
      ['clientId', clientId],
    ]) {
      expect((await inv(['--profile', 'own', 'config', 'set', key!, value!], stored)).code).toBe(0);
    }
    expect((await inv(['--profile', 'own', 'config', 'set', 'clientSecret', clientSecret], stored)).code).toBe(0);
    const r = await passwordLogin(['--profile', 'own', '--auth-url', evil.url], stored);
    expect(r.code, r.stderr).toBe(4);
    expect(evil.requests).toHaveLength(0);
  });

  it('sends the stored research key only to its research origin; INV_RESEARCH_* given for the call are exempt', async () => {
    const bare = {
      ...env,
      INV_RESEARCH_CLIENT_ID: undefined,
      INV_RESEARCH_SECRET: undefined,
      INV_RESEARCH_URL: undefined,
    };
    const { clientId, secretKey } = fx.sandbox.credentials.research;
    expect((await inv(['profile', 'create', 'res'], bare)).code).toBe(0);
    expect((await inv(['--profile', 'res', 'config', 'set', 'researchUrl', fx.sandbox.researchUrl], bare)).code).toBe(
      0,
    );
    expect(
      (await inv(['--profile', 'res', 'research', 'login', '--client-id', clientId, '--secret-stdin'], bare, secretKey))
        .code,
    ).toBe(0);
    expect((await inv(['--profile', 'res', 'fees', 'B00X4WHP5E', '--price', '10'], bare)).code).toBe(0);
    const r = await inv(['--profile', 'res', 'fees', 'B00X4WHP5E', '--price', '10', '--research-url', evil.url], bare);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain(evil.url);
    expect(evil.requests).toHaveLength(0);
    await inv(['--profile', 'res', 'fees', 'B00X4WHP5E', '--price', '10', '--research-url', evil.url], {
      ...bare,
      INV_RESEARCH_CLIENT_ID: 'x',
      INV_RESEARCH_SECRET: 'y',
    });
    expect(evil.requests.length).toBeGreaterThan(0);
    evil.requests.length = 0;
  });

  it('never sends credentials over plain http except to loopback (exit 2 naming the URL)', async () => {
    const r = await inv(['whoami', '--base-url', 'http://inventory.example.com'], { INV_TOKEN: 'tok' });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('http://inventory.example.com');
    const research = await inv([
      'fees',
      'B00X4WHP5E',
      '--price',
      '10',
      '--research-url',
      'http://research.example.com',
    ]);
    expect(research.code, research.stderr).toBe(2);
    expect(research.stderr).toContain('http://research.example.com');
  });
});

/**
 * A config directory of its own holding one profile, "legacy", as written. The runs' environment names no server; it
 * gives a client secret for the call (exempt from binding), so that only the tokens' binding is tested.
 */
function ownConfig(name: string, profile: Record<string, unknown>) {
  const dir = join(fx.dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { legacy: profile } }), { mode: 0o600 });
  const env = { INV_CONFIG_DIR: dir, INV_STATE_DIR: join(dir, 'state'), INV_CLIENT_SECRET: 's' };
  return (args: string[]) => runInv(['--profile', 'legacy', ...args], { env });
}

describe('tokens stored before they carried their origins', () => {
  const expired = { accessToken: 'a', refreshToken: 'r', expiresAt: 1 };

  it("the access token goes only to the profile's baseUrl", async () => {
    const from = evil.requests.length;
    const legacy = ownConfig('legacy-api', { baseUrl: fx.sandbox.baseUrl, tokens: { accessToken: 'a' } });
    const r = await legacy(['whoami', '--base-url', evil.url]);
    expect(evil.requests.slice(from), 'requests that reached the other server').toHaveLength(0);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain(`issued for ${new URL(fx.sandbox.baseUrl).origin}`);
  });

  it("the refresh token goes only to the profile's authUrl, or its baseUrl when it names no authUrl", async () => {
    const from = evil.requests.length;
    const legacy = ownConfig('legacy-auth', { baseUrl: fx.sandbox.baseUrl, clientId: 'c', tokens: expired });
    const r = await legacy(['whoami', '--auth-url', evil.url]);
    expect(evil.requests.slice(from), 'requests that reached the other server').toHaveLength(0);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/refusing to send the refresh token/);
  });
});

describe('a refresh token is bound to its authorization server, not to the API', () => {
  it('is not sent to the API origin the access token was issued for', async () => {
    const from = evil.requests.length;
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: 1, apiOrigin: evil.url };
    const split = ownConfig('split-origins', {
      baseUrl: evil.url,
      clientId: 'c',
      tokens: { ...tokens, authOrigin: new URL(fx.sandbox.authUrl).origin },
    });
    const r = await split(['whoami', '--auth-url', evil.url]);
    expect(evil.requests.slice(from), 'requests that reached the other server').toHaveLength(0);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/refusing to send the refresh token/);
  });
});

describe('stored secrets are bound to an origin when stored', () => {
  const bare = () => ({
    ...env,
    INV_CLIENT_ID: undefined,
    INV_CLIENT_SECRET: undefined,
    INV_BASE_URL: undefined,
    INV_AUTH_URL: undefined,
    INV_RESEARCH_CLIENT_ID: undefined,
    INV_RESEARCH_SECRET: undefined,
    INV_RESEARCH_URL: undefined,
  });
  const sentSince = (from: number) => evil.requests.slice(from);

  it('a research key set in a profile without researchUrl is refused, and goes nowhere', async () => {
    const from = evil.requests.length;
    const { clientId, secretKey } = fx.sandbox.credentials.research;
    expect((await inv(['profile', 'create', 'nourl'], bare())).code).toBe(0);
    expect((await inv(['--profile', 'nourl', 'config', 'set', 'research.clientId', clientId], bare())).code).toBe(0);
    const set = await inv(['--profile', 'nourl', 'config', 'set', 'research.secretKey', '--stdin'], bare(), secretKey);
    const sent = await inv(['--profile', 'nourl', 'fees', 'B00X4WHP5E', '--price', '10'], {
      ...bare(),
      INV_RESEARCH_URL: evil.url,
    });
    expect(sentSince(from), 'requests that reached the other server').toHaveLength(0);
    expect(set.code, set.stderr).toBe(2);
    expect(set.stderr).toMatch(/researchUrl/);
    expect(set.stderr).toMatch(/--for/);
    expect(sent.code, sent.stderr).not.toBe(0);
    const bound = await inv(
      ['--profile', 'nourl', 'config', 'set', 'research.secretKey', '--stdin', '--for', fx.sandbox.researchUrl],
      bare(),
      secretKey,
    );
    expect(bound.code, bound.stderr).toBe(0);
    expect(
      (
        await inv(['--profile', 'nourl', 'fees', 'B00X4WHP5E', '--price', '10'], {
          ...bare(),
          INV_RESEARCH_URL: fx.sandbox.researchUrl,
        })
      ).code,
    ).toBe(0);
  });

  it('a client secret stored in a profile without URLs is refused, and goes nowhere with the password', async () => {
    const from = evil.requests.length;
    const { clientId, clientSecret } = fx.sandbox.credentials.oauth;
    expect((await inv(['profile', 'create', 'nourl2'], bare())).code).toBe(0);
    expect((await inv(['--profile', 'nourl2', 'config', 'set', 'clientId', clientId], bare())).code).toBe(0);
    const set = await inv(['--profile', 'nourl2', 'config', 'set', 'clientSecret', '--stdin'], bare(), clientSecret);
    const sent = await passwordLogin(['--profile', 'nourl2'], { ...bare(), INV_BASE_URL: evil.url });
    expect(sentSince(from), 'requests that reached the other server').toHaveLength(0);
    expect(set.code, set.stderr).toBe(2);
    expect(set.stderr).toMatch(/authUrl|baseUrl/);
    expect(sent.code, sent.stderr).not.toBe(0);
  });

  it('a client secret does not follow `config set authUrl` to another server (exit 4 naming both origins)', async () => {
    const from = evil.requests.length;
    const { clientId, clientSecret } = fx.sandbox.credentials.oauth;
    expect((await inv(['profile', 'create', 'moved'], bare())).code).toBe(0);
    for (const [key, value] of [
      ['baseUrl', fx.sandbox.baseUrl],
      ['clientId', clientId],
    ]) {
      expect((await inv(['--profile', 'moved', 'config', 'set', key!, value!], bare())).code).toBe(0);
    }
    expect(
      (await inv(['--profile', 'moved', 'config', 'set', 'clientSecret', '--stdin'], bare(), clientSecret)).code,
    ).toBe(0);
    expect((await inv(['--profile', 'moved', 'config', 'set', 'authUrl', evil.url], bare())).code).toBe(0);
    const sent = await passwordLogin(['--profile', 'moved'], bare());
    expect(sentSince(from), 'requests that reached the other server').toHaveLength(0);
    expect(sent.code, sent.stderr).toBe(4);
    expect(sent.stderr).toContain(evil.url);
    expect(sent.stderr).toContain(fx.sandbox.authUrl);
  });
  it('a client secret stored --for a server stays bound to it while the profile names another', async () => {
    const from = evil.requests.length;
    const { clientId, clientSecret, username, password } = fx.sandbox.credentials.oauth;
    const pinned = (args: string[], input?: string) => inv(['--profile', 'pinned', ...args], bare(), input);
    expect((await inv(['profile', 'create', 'pinned'], bare())).code).toBe(0);
    expect((await pinned(['config', 'set', 'baseUrl', evil.url])).code).toBe(0);
    const set = await pinned(['config', 'set', 'clientSecret', '--stdin', '--for', fx.sandbox.authUrl], clientSecret);
    expect(set.code, set.stderr).toBe(0);
    // Another setting changes: the secret keeps the origin it was stored for.
    expect((await pinned(['config', 'set', 'clientId', clientId])).code).toBe(0);
    const login = ['login', '--password', '--username', username, '--password-stdin'];
    const toProfileServer = await pinned(login, password);
    expect(evil.requests.slice(from), 'requests that reached the other server').toHaveLength(0);
    expect(toProfileServer.code, toProfileServer.stderr).toBe(4);
    const urls = ['--base-url', fx.sandbox.baseUrl, '--auth-url', fx.sandbox.authUrl];
    const toItsServer = await pinned([...urls, ...login], password);
    expect(toItsServer.code, toItsServer.stderr).toBe(0);
  });
});

describe('inv logout', () => {
  it('revokes the refresh token at the server', async () => {
    expect((await passwordLogin()).code).toBe(0);
    const refreshToken = config().profiles.default.tokens.refreshToken;
    const r = await inv(['logout']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/revoked/);
    const { clientId, clientSecret } = fx.sandbox.credentials.oauth;
    const reuse = await fetch(`${fx.sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(reuse.status).toBe(400);
  });

  it('says it only forgot locally when the server has no revocation endpoint', async () => {
    const bare = await startRecorder(() => ({ status: 404, body: { message: 'no such endpoint' } }));
    try {
      const dir = join(fx.dir, 'no-revoke-config');
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const origin = bare.url;
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({
          profiles: {
            live: {
              baseUrl: origin,
              authUrl: origin,
              clientId: 'c',
              clientSecret: 's',
              tokens: { accessToken: 'a', refreshToken: 'r', apiOrigin: origin, authOrigin: origin },
            },
          },
        }),
        { mode: 0o600 },
      );
      const r = await runInv(['--profile', 'live', 'logout'], { env: { INV_CONFIG_DIR: dir } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/no revocation endpoint/);
      expect(r.stderr).toMatch(/only (forgot|forgotten) (them )?(locally|here)|forgot.*locally/);
      expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.live.tokens).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
