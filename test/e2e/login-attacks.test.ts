/** A local attacker against `inv login`: replaying the request from the browser's argv, injecting a code, knocking the listener over. */
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { authorizeUrlIn, authorizeUrlOf, postConsent, spawnLogin, submitLogin } from '../helpers/oauth.js';
import { waitFor } from '../helpers/wait.js';

let fx: SandboxFixture;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture();
  await fx.sandbox.oauth.addUser({
    id: '1666',
    username: 'mallory',
    email: 'mallory@example.com',
    name: 'Mallory',
    password: 'mallory-password',
  });
  const { oauth } = fx.sandbox.credentials;
  env = { ...fx.env, INV_CLIENT_ID: oauth.clientId, INV_CLIENT_SECRET: oauth.clientSecret, BROWSER: 'true' };
});
afterAll(() => fx.close());

const user = () => ({
  username: fx.sandbox.credentials.oauth.username,
  password: fx.sandbox.credentials.oauth.password,
});
const storedTokens = () => {
  const file = join(fx.env.INV_CONFIG_DIR, 'config.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).profiles?.default?.tokens : undefined;
};

const RECORD_BROWSER = fileURLToPath(new URL('../helpers/record-browser.mjs', import.meta.url));

/**
 * What another local user learns from the browser's argument: the authorization URL when it is there, or
 * what they can read of a file it names (run as uid 65534 when the tests run as root; otherwise the file
 * must be one no other user can open: 0600 in a 0700 directory).
 */
function asAnotherUser(arg: string): string | undefined {
  if (/^https?:/.test(arg)) return arg;
  const path = arg.startsWith('file:') ? fileURLToPath(arg) : arg;
  if (process.getuid?.() !== 0) {
    expect(statSync(path).mode & 0o077).toBe(0);
    expect(statSync(dirname(path)).mode & 0o077).toBe(0);
    return undefined;
  }
  // cat, not this node: under CI's Node 22 and 24 the node binary sits in a directory only root can enter.
  const read = (file: string) => spawnSync('cat', [file], { uid: 65534, gid: 65534, cwd: '/', encoding: 'utf8' });
  expect(read('/etc/passwd').status, 'the other user can read what is open to all').toBe(0);
  const stolen = read(path);
  return stolen.status === 0 ? authorizeUrlIn(stolen.stdout) : undefined;
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
  it("replays the authorization request the browser was given (its own account, the victim's challenge and state): inv is not logged in as the attacker", async () => {
    const opened = join(fx.dir, 'opened-argv.txt');
    const login = spawnLogin(['--timeout', '30'], {
      ...env,
      BROWSER: `${process.execPath} ${RECORD_BROWSER}`,
      OPENED_FILE: opened,
    });
    const printed = new URL(await login.url);
    // The file may exist a moment before its text is written: wait for the text.
    await waitFor(() => existsSync(opened) && readFileSync(opened, 'utf8').trim() !== '', {
      what: "the browser's record of its argv",
      running: login.child,
    });
    // What any local user reads from /proc/<pid>/cmdline of the browser.
    const argv = readFileSync(opened, 'utf8').trim();
    expect(argv).not.toContain(printed.searchParams.get('state')!);
    expect(argv).not.toContain(printed.searchParams.get('code_challenge')!);
    const stolen = asAnotherUser(argv);
    if (stolen) {
      // Mallory approves the victim's own request (challenge, state, redirect) as herself and delivers the code.
      const answer = await postConsent(stolen, { username: 'mallory', password: 'mallory-password' });
      const location = answer.headers.get('location');
      if (location) await fetch(location).catch(() => undefined);
    }
    // The victim's browser (the owner) follows what it was given, and the victim approves.
    const location = await submitLogin(authorizeUrlOf(argv), user());
    await fetch(location).catch(() => undefined);
    const r = await login.done;
    expect(r.stderr).not.toMatch(/logged in as mallory/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/logged in as demo@example.com/);
    expect(storedTokens()?.accessToken).toBeTruthy();
    // The one-use page is gone once the login has ended.
    if (argv.startsWith('file:')) expect(existsSync(fileURLToPath(argv))).toBe(false);
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
