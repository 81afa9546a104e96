/** inv login and its failures, against the sandbox's OAuth server, with the browser played over HTTP. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';
import { spawnLogin, startLogin, submitLogin } from '../helpers/oauth.js';
import { runInTerminal } from '../helpers/terminal.js';
import { sleep, waitFor } from '../helpers/wait.js';

const RECORD_BROWSER = fileURLToPath(new URL('../helpers/record-browser.mjs', import.meta.url));

/** Every file below `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

let fx: SandboxFixture;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture();
  const { oauth } = fx.sandbox.credentials;
  env = { ...fx.env, INV_CLIENT_ID: oauth.clientId, INV_CLIENT_SECRET: oauth.clientSecret, BROWSER: 'true' };
});
afterAll(() => fx.close());

const user = () => ({
  username: fx.sandbox.credentials.oauth.username,
  password: fx.sandbox.credentials.oauth.password,
});
const grants = (type: string) => fx.sandbox.oauth.grants[type] ?? 0;
const storedTokens = () =>
  JSON.parse(readFileSync(join(fx.env.INV_CONFIG_DIR, 'config.json'), 'utf8')).profiles?.default?.tokens;
/** inv in-process (main); `spawned` where separate processes are the point (a shared config, what a process prints). */
const inv = (args: string[], extra: Record<string, string> = {}, input?: string) =>
  runInv(args, { env: { ...env, ...extra }, stdin: input });
const spawned = (args: string[], extra: Record<string, string> = {}, input?: string) =>
  spawnInv(args, { env: { ...env, ...extra }, input });
const passwordLogin = () =>
  inv(['login', '--password', '--username', user().username, '--password-stdin'], {}, user().password);

describe('code flow with a pasted redirect (--no-browser)', () => {
  it('logs in; whoami then shows the user', async () => {
    const login = spawnLogin(['--no-browser'], env);
    const location = await submitLogin(await login.url, user());
    login.child.stdin!.end(location + '\n');
    const r = await login.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/logged in as demo@example.com/);
    const who = await inv(['whoami', '--json']);
    expect(JSON.parse(who.stdout).email).toBe('demo@example.com');
  });

  it('sends the documented parameters, a 128-bit state and a PKCE S256 challenge, to a loopback redirect', async () => {
    const login = startLogin(['--no-browser'], env);
    const url = new URL(await login.url);
    login.child.kill();
    await login.done;
    expect(url.searchParams.get('type')).toBe('web_server');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(fx.sandbox.credentials.oauth.clientId);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(Buffer.from(url.searchParams.get('state')!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a state mismatch and does not exchange the code', async () => {
    const before = grants('authorization_code');
    const login = startLogin(['--no-browser'], env);
    const location = new URL(await submitLogin(await login.url, user()));
    location.searchParams.set('state', 'forged-state');
    login.child.stdin!.end(location.href + '\n');
    const r = await login.done;
    // A forged answer is asked for again; here stdin then ends.
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/state mismatch\); nothing was exchanged/);
    expect(grants('authorization_code')).toBe(before);
  });

  it('reports access_denied when the user clicks Deny', async () => {
    const login = startLogin(['--no-browser'], env);
    login.child.stdin!.end((await submitLogin(await login.url, { ...user(), decision: 'deny' })) + '\n');
    const r = await login.done;
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/access was denied in the browser/);
  });

  it('refuses an expired code', async () => {
    const login = startLogin(['--no-browser'], env);
    const location = await submitLogin(await login.url, user());
    fx.sandbox.tokens.expireCodes(); // the point: the code's lifetime is over before it is pasted
    login.child.stdin!.end(location + '\n');
    const r = await login.done;
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/authorization code expired before it was exchanged/);
  });

  it('refuses a code that was already used', async () => {
    const login = startLogin(['--no-browser'], env);
    const location = await submitLogin(await login.url, user());
    const { clientId, clientSecret } = fx.sandbox.credentials.oauth;
    const stolen = await fetch(`${fx.sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: new URL(location).searchParams.get('code')!,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(stolen.status).toBe(400);
    login.child.stdin!.end(location + '\n');
    const r = await login.done;
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/authorization code was already used/);
  });
});

describe('the loopback listener', () => {
  it('prints the URL when the browser cannot start, and the login still completes', async () => {
    const login = startLogin([], { ...env, BROWSER: '/nonexistent/browser' });
    const location = await submitLogin(await login.url, user());
    await waitFor(() => /could not start a browser .*open the URL above yourself/.test(login.stderr()), {
      what: 'the note that no browser started',
    });
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Logged in/);
    expect((await login.done).code).toBe(0);
  });

  it('a login interrupted as soon as it printed the URL leaves no login page and starts no browser, then or later', async () => {
    const run = join(fx.env.INV_STATE_DIR, 'run');
    const pages = () => (existsSync(run) ? readdirSync(run).filter((name) => name.startsWith('login-')) : []);
    const opened = join(fx.dir, 'opened-after-interrupt.txt');
    const browser = { BROWSER: `${process.execPath} ${RECORD_BROWSER}`, OPENED_FILE: opened };
    for (let i = 0; i < 5; i++) {
      const login = startLogin([], { ...env, ...browser });
      await login.url;
      login.child.kill('SIGINT');
      expect((await login.done).code).toBe(130);
      await sleep(50); // what is about here: a page written after the run ended would appear meanwhile
      expect(pages(), `try ${i + 1}`).toEqual([]);
    }
    await sleep(500); // what is about here: a browser started for a page being removed would have written by now
    expect(existsSync(opened) ? readFileSync(opened, 'utf8') : '', 'pages a browser was started on').toBe('');
  });

  it('answers one callback only; a second request is refused', async () => {
    const before = grants('authorization_code');
    const login = startLogin([], env);
    const location = await submitLogin(await login.url, user());
    const answers = await Promise.allSettled([fetch(location), fetch(location)]);
    const statuses = answers.map((a) => (a.status === 'fulfilled' ? a.value.status : 'refused'));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409 || s === 'refused')).toHaveLength(1);
    expect((await login.done).code).toBe(0);
    expect(grants('authorization_code')).toBe(before + 1);
    await expect(fetch(location)).rejects.toThrow();
  });

  it('shows the failure in the browser too (access denied)', async () => {
    const login = startLogin([], env);
    const page = await fetch(await submitLogin(await login.url, { ...user(), decision: 'deny' }));
    expect(page.status).toBe(400);
    expect(await page.text()).toMatch(/Login failed/);
    expect((await login.done).code).toBe(4);
  });

  it('fails clearly when --port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const r = await inv(['login', '--port', String(port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`port ${port} on 127.0.0.1 is in use`));
      expect(r.stderr).toMatch(/--port/);
    } finally {
      blocker.close();
    }
  });

  it('uses a fixed --port (for ssh -L)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    await new Promise((resolve) => blocker.close(resolve));
    const login = startLogin(['--port', String(port), '--no-browser'], env);
    expect(new URL(await login.url).searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/callback`);
    login.child.kill();
    await login.done;
  });

  it('gives up after --timeout', async () => {
    const r = await inv(['login', '--timeout', '1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no answer from the browser within 1 s/);
    expect(r.stderr).toMatch(/oauth2\/auth\?/);
  });
});

describe('implicit flow', () => {
  it('logs in with the token from the fragment, validated with tokeninfo', async () => {
    const login = startLogin(['--flow', 'implicit', '--no-browser'], env);
    const url = new URL(await login.url);
    expect(url.searchParams.get('response_type')).toBe('token');
    const location = await submitLogin(url.href, user());
    expect(location).toMatch(/#.*token=/);
    login.child.stdin!.end(location + '\n');
    const r = await login.done;
    expect(r.code).toBe(0);
    expect(storedTokens().refreshToken).toBeUndefined();
  });

  it('refuses a token issued to another client (tokeninfo client_id mismatch) and stores nothing', async () => {
    await inv(['logout']);
    const login = startLogin(['--flow', 'implicit', '--no-browser'], env);
    const url = new URL(await login.url);
    const foreign = fx.sandbox.oauth.issueTokens(fx.sandbox.credentials.partner.clientId, '1001', '', true);
    const redirect = `${url.searchParams.get('redirect_uri')}#token=${foreign.access_token}&state=${url.searchParams.get('state')}`;
    login.child.stdin!.end(redirect + '\n');
    const r = await login.done;
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/issued to another application \(client_id "partner-app"/);
    expect(storedTokens()).toBeUndefined();
  });
});

describe('password flow and tokens', () => {
  it('rejects a wrong client secret with exit 4', async () => {
    const r = await inv(
      ['login', '--password', '--username', 'demo', '--password-stdin'],
      { INV_CLIENT_SECRET: 'wrong' },
      user().password,
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/wrong client_secret/);
  });

  it('needs --username and --password-stdin in a script (exit 7)', async () => {
    expect((await inv(['login', '--password'])).stderr).toMatch(/pass --username/);
    const r = await inv(['login', '--password', '--username', 'demo']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/pass --password-stdin/);
  });

  it('refreshes an expired access token silently and stores the new pair', async () => {
    expect((await passwordLogin()).code).toBe(0);
    const old = storedTokens();
    fx.sandbox.oauth.expireAccessTokens();
    const before = grants('refresh_token');
    const r = await inv(['whoami', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).email).toBe('demo@example.com');
    expect(grants('refresh_token')).toBe(before + 1);
    const now = storedTokens();
    expect(now.accessToken).not.toBe(old.accessToken);
    expect(now.refreshToken).not.toBe(old.refreshToken);
  });

  it('refreshes ahead of the stored expiry without a 401', async () => {
    expect((await passwordLogin()).code).toBe(0);
    const config = join(fx.env.INV_CONFIG_DIR, 'config.json');
    const file = JSON.parse(readFileSync(config, 'utf8'));
    file.profiles.default.tokens.expiresAt = Date.now() + 5_000;
    (await import('node:fs')).writeFileSync(config, JSON.stringify(file));
    const before = { refresh: grants('refresh_token'), whoami: fx.sandbox.inventory.stats.count('/v1/whoami') };
    expect((await inv(['whoami'])).code).toBe(0);
    expect(grants('refresh_token')).toBe(before.refresh + 1);
    expect(fx.sandbox.inventory.stats.count('/v1/whoami')).toBe(before.whoami + 1);
  });

  it('a revoked refresh token ends in exit 4 telling the user to log in again', async () => {
    expect((await passwordLogin()).code).toBe(0);
    fx.sandbox.oauth.expireAccessTokens();
    fx.sandbox.oauth.revokeRefreshTokens();
    const r = await inv(['whoami']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/expired or was revoked/);
    expect(r.stderr).toMatch(/inv login/);
  });

  it('two processes with an expired token both succeed and leave one valid pair', async () => {
    expect((await passwordLogin()).code).toBe(0);
    fx.sandbox.oauth.expireAccessTokens();
    const before = grants('refresh_token');
    const runs = await Promise.all([
      spawned(['whoami', '--json']),
      spawned(['whoami', '--json']),
      spawned(['auth', 'status', '--json']),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(grants('refresh_token')).toBe(before + 1);
    const tokens = storedTokens();
    expect(fx.sandbox.oauth.refreshTokenValid(tokens.refreshToken)).toBe(true);
    expect(fx.sandbox.oauth.tokenInfo(tokens.accessToken).clientId).toBe('inv-cli');
    expect((await inv(['whoami'])).code).toBe(0);
  });

  it('INV_TOKEN is used as is and nothing is stored', async () => {
    const fresh = { ...env, INV_CONFIG_DIR: join(fx.dir, 'env-token-config') };
    const token = fx.sandbox.oauth.issueTokens('inv-cli', '1001', '', true).access_token;
    const r = await runInv(['whoami', '--json'], { env: { ...fresh, INV_TOKEN: token } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).email).toBe('demo@example.com');
    const file = join(fresh.INV_CONFIG_DIR, 'config.json');
    expect((await import('node:fs')).existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain(token);
    const rejected = await runInv(['whoami'], { env: { ...fresh, INV_TOKEN: 'not-a-token' } });
    expect(rejected.code).toBe(4);
  });
});

describe('secrets stay in the config file', () => {
  it('no token in stdout or --verbose stderr; the file is 0600 in a 0700 directory', async () => {
    // The login that stores the tokens: what it prints is not read, so it runs in-process.
    expect((await passwordLogin()).code).toBe(0);
    fx.sandbox.oauth.expireAccessTokens();
    const runs = [
      await spawned(['whoami', '--verbose']),
      await spawned(['auth', 'status', '--verbose', '--json']),
      await spawned(
        ['login', '--password', '--username', 'demo', '--password-stdin', '--verbose'],
        {},
        user().password,
      ),
    ];
    const tokens = storedTokens();
    const printed = runs.map((r) => r.stdout + r.stderr).join('\n');
    expect(printed).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/oauth2\/tokeninfo\?access_token=\[redacted\]/);
    expect(printed).toMatch(/authorization: \[redacted\]/);
    for (const secret of [
      tokens.accessToken,
      tokens.refreshToken,
      user().password,
      fx.sandbox.credentials.oauth.clientSecret,
    ]) {
      expect(printed).not.toContain(secret);
    }
    const config = join(fx.env.INV_CONFIG_DIR, 'config.json');
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(statSync(fx.env.INV_CONFIG_DIR).mode & 0o777).toBe(0o700);
    const holders = filesUnder(fx.dir).filter((f) => readFileSync(f, 'utf8').includes(storedTokens().refreshToken));
    expect(holders).toEqual([config]);
    const token = await spawned(['auth', 'token']);
    expect(token.stdout.trim()).toBe(storedTokens().accessToken);
  });

  it('asks for username and a masked password on a terminal', async () => {
    const { username, password } = user();
    const { code, screen } = await runInTerminal(['login', '--password'], env, [
      { when: /Username:/, send: `${username}\r` },
      { when: /Password:/, send: `${password}\r` },
    ]);
    expect(code).toBe(0);
    expect(screen).toMatch(/logged in as demo@example.com/);
    expect(screen).not.toContain(password);
  });

  it('logout forgets the tokens', async () => {
    expect((await inv(['logout'])).code).toBe(0);
    expect(storedTokens()).toBeUndefined();
    const r = await inv(['whoami']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/not logged in/);
  });
});
