/** A local attacker against `inv login`: reading the state from the browser's argv, injecting a code, knocking the listener over. */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeOf } from '../../src/auth/pkce.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { postConsent, spawnLogin, submitLogin } from '../helpers/oauth.js';

let fx: SandboxFixture;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture();
  await fx.sandbox.oauth.addUser({ id: '1666', username: 'mallory', email: 'mallory@example.com', name: 'Mallory', password: 'mallory-password' });
  const { oauth } = fx.sandbox.credentials;
  env = { ...fx.env, INV_CLIENT_ID: oauth.clientId, INV_CLIENT_SECRET: oauth.clientSecret, BROWSER: 'true' };
});
afterAll(() => fx.close());

const user = () => ({ username: fx.sandbox.credentials.oauth.username, password: fx.sandbox.credentials.oauth.password });
const storedTokens = () => {
  const file = join(fx.env.INV_CONFIG_DIR, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).profiles?.default?.tokens : undefined;
};

/** What any local user can read: every process's argv, from /proc. */
function authorizeUrlFromProcesses(authUrl: string): string | undefined {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const found = argv.find((a) => a.startsWith(`${authUrl}/oauth2/auth?`));
    if (found) return found;
  }
  return undefined;
}

/** An HTTP GET with a chosen Host header (fetch cannot set it). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a local attacker', () => {
  it('reads the state from the browser\'s argv and injects their own code: the login fails, nothing is stored', async () => {
    const browser = `${process.execPath} -e setTimeout(()=>{},20000)`;
    const login = spawnLogin(['--timeout', '30'], { ...env, BROWSER: browser });
    await login.url;
    let seen: string | undefined;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = authorizeUrlFromProcesses(fx.sandbox.authUrl);
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen, 'the browser process with the URL in its argv').toBeTruthy();
    const victim = new URL(seen!);
    const redirectUri = victim.searchParams.get('redirect_uri')!;
    const attack = new URL(victim);
    // Mallory tries without PKCE first (a downgrade), then with a challenge of her own.
    attack.searchParams.delete('code_challenge');
    attack.searchParams.delete('code_challenge_method');
    let answer = await postConsent(attack.href, { username: 'mallory', password: 'mallory-password' });
    let code = new URL(answer.headers.get('location') ?? 'http://x/').searchParams.get('code');
    if (!code) {
      attack.searchParams.set('code_challenge', challengeOf('m'.repeat(43)));
      attack.searchParams.set('code_challenge_method', 'S256');
      answer = await postConsent(attack.href, { username: 'mallory', password: 'mallory-password' });
      code = new URL(answer.headers.get('location') ?? 'http://x/').searchParams.get('code');
    }
    expect(code, 'mallory gets a code for her own account').toBeTruthy();
    await fetch(`${redirectUri}?${new URLSearchParams({ code: code!, state: victim.searchParams.get('state')! })}`).catch(() => undefined);
    const r = await login.done;
    expect(r.stderr).not.toMatch(/logged in as mallory/);
    expect(r.code).toBe(4);
    expect(storedTokens()).toBeUndefined();
  }, 40_000);
});

describe('the loopback listener', () => {
  it('answers 400 to requests without the expected state or with a foreign Host, and keeps waiting for the real callback', async () => {
    const login = spawnLogin(['--timeout', '30'], env);
    const url = new URL(await login.url);
    const redirectUri = url.searchParams.get('redirect_uri')!;
    const state = url.searchParams.get('state')!;
    expect((await fetch(redirectUri)).status).toBe(400);
    expect((await fetch(`${redirectUri}?code=x&state=guess`)).status).toBe(400);
    expect((await fetch(`${redirectUri}?error=access_denied`)).status).toBe(400);
    expect(await getWithHost(`${redirectUri}?code=x&state=${state}`, 'evil.example:80')).toBe(400);
    const location = await submitLogin(url.href, user());
    const page = await fetch(location);
    expect(page.status).toBe(200);
    const r = await login.done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/logged in as demo@example.com/);
  }, 40_000);
});
