/**
 * inv login over SSH: the pasted redirect asked again, the code's lifetime, the listener beside the paste, SSH
 * detection, the result page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { spawnInv } from '../helpers/spawn.js';
import { spawnLogin, startLogin, submitLogin, type LoginProcess } from '../helpers/oauth.js';
import { runInv, testIO, type Captured } from '../helpers/io.js';
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { sleep, waitFor } from '../helpers/wait.js';

let fx: SandboxFixture;
let env: Record<string, string>;
beforeAll(async () => {
  fx = await sandboxFixture();
  const { oauth } = fx.sandbox.credentials;
  env = { ...fx.env, INV_CLIENT_ID: oauth.clientId, INV_CLIENT_SECRET: oauth.clientSecret, BROWSER: 'true' };
  expect((await runInv(['profile', 'create', 'night'], { env })).code).toBe(0);
});
afterAll(() => fx.close());

const user = () => ({
  username: fx.sandbox.credentials.oauth.username,
  password: fx.sandbox.credentials.oauth.password,
});
const grants = () => fx.sandbox.oauth.grants.authorization_code ?? 0;
const prompts = (login: LoginProcess) => login.stderr().split('Paste the address').length - 1;
/** An environment as over SSH: no browser, no display. */
const sshEnv = (): Record<string, string> => {
  const { BROWSER: _, ...rest } = env;
  return {
    ...rest,
    SSH_CONNECTION: '203.0.113.5 50022 192.0.2.1 22',
    DISPLAY: undefined,
    WAYLAND_DISPLAY: undefined,
  } as unknown as Record<string, string>;
};

/** Waits until `test` holds for what the login printed (fails after 15 s, showing it). */
async function until(login: LoginProcess, test: (stderr: string) => boolean): Promise<void> {
  await waitFor(() => test(login.stderr()), {
    what: () => `the login's output to match; stderr so far:\n${login.stderr()}`,
    running: login.child,
    every: 50,
  });
}

/** The login's end, or "still running" after `ms` (the child is then killed). */
async function endWithin(login: LoginProcess, ms: number): Promise<Captured | 'still running'> {
  const ended = await Promise.race([login.done, sleep(ms).then(() => 'still running' as const)]);
  if (ended === 'still running') login.child.kill();
  return ended;
}

describe('a bad paste asks again', () => {
  it('asks again after text that is not the redirect and after a forged state, then logs in with the right one', async () => {
    const before = grants();
    const login = startLogin(['--no-browser'], env);
    const url = new URL(await login.url);
    login.child.stdin!.write('hello\n');
    await until(login, () => prompts(login) === 2);
    expect(login.stderr()).toMatch(/not the redirect URL/);
    login.child.stdin!.write(`${url.searchParams.get('redirect_uri')}?code=someone-elses&state=forged-state\n`);
    await until(login, () => prompts(login) === 3);
    expect(login.stderr()).toMatch(/state mismatch/);
    // Approved only now, so that the code is fresh however slowly the bad pastes were answered.
    const location = await submitLogin(url.href, user());
    login.child.stdin!.write(location + '\n');
    const r = await login.done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/logged in as demo@example.com/);
    expect(grants()).toBe(before + 1);
  });

  it('gives up after three bad pastes (exit 4) and exchanges nothing', async () => {
    const before = grants();
    const login = startLogin(['--no-browser'], env);
    const url = new URL(await login.url);
    const noCode = `${url.searchParams.get('redirect_uri')}?state=${url.searchParams.get('state')}`;
    login.child.stdin!.write(`hello\n${noCode}\nhttp://127.0.0.1:1/elsewhere\n`);
    const r = await login.done;
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/carries no code/);
    expect(r.stderr).toMatch(/no valid redirect URL after 3 tries/);
    expect(grants()).toBe(before);
  });

  it('in a pipe that ends, stops with exit 7 and says why (after a bad line, or none)', async () => {
    for (const input of ['garbage\n', '']) {
      const r = await spawnInv(['login', '--no-browser'], { env, input });
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(/stdin ended before the redirect URL was pasted/);
      expect(r.stderr).not.toMatch(/unexpected/);
    }
  });

  it('Ctrl-C at the paste prompt is an interruption (130), not an ended stdin', async () => {
    const login = spawnLogin(['--no-browser'], env);
    await until(login, () => prompts(login) === 1);
    login.child.kill('SIGINT');
    const r = await login.done;
    expect(r.code).toBe(130);
    expect(r.stderr).not.toMatch(/stdin ended/);
  });
});

describe('the authorization code lives 60 s', () => {
  it('the paste prompt says so', async () => {
    const login = startLogin(['--no-browser'], env);
    await until(login, () => prompts(login) === 1);
    login.child.kill();
    await login.done;
    expect(login.stderr()).toMatch(/within 60 s of approving/);
  });

  it('an expired code says so, with a hint that works as typed', async () => {
    const login = startLogin(['--profile', 'night', '--no-browser'], env);
    const location = await submitLogin(await login.url, user());
    fx.sandbox.tokens.expireCodes(); // the point: the code's lifetime is over before it is pasted
    login.child.stdin!.end(location + '\n');
    const r = await login.done;
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/the authorization code expired before it was exchanged \(codes live 60 s\)/);
    expect(r.stderr).toMatch(/hint: .*inv --profile night login --no-browser/);
  });
});

describe('the loopback listener during the paste flow', () => {
  it('a forwarded port finishes the login without a paste; stdin left open does not keep inv alive', async () => {
    const login = spawnLogin(['--no-browser'], env);
    const location = await submitLogin(await login.url, user());
    const page = await fetch(location);
    expect(page.status).toBe(200);
    const r = await endWithin(login, 8000);
    expect(r).not.toBe('still running');
    expect((r as Captured).code).toBe(0);
    await expect(fetch(location)).rejects.toThrow();
  });

  it('in-process: once the callback wins, stdin is no longer read', async () => {
    const stdin = new PassThrough();
    const t = testIO({ env });
    t.io.stdin = stdin;
    const run = main(['login', '--no-browser'], t.io);
    const url = await waitFor(() => /(http:\/\/\S+\/oauth2\/auth\?\S+)/.exec(t.stderr()), {
      what: 'the authorization URL',
      every: 50,
    });
    expect((await fetch(await submitLogin(url[1]!, user()))).status).toBe(200);
    expect(await run, t.stderr()).toBe(0);
    expect(stdin.listenerCount('data') + stdin.listenerCount('readable')).toBe(0);
  });

  it('a paste wins too, and closes the listener', async () => {
    const login = startLogin(['--no-browser'], env);
    const location = await submitLogin(await login.url, user());
    login.child.stdin!.write(location + '\n');
    const r = await endWithin(login, 8000);
    expect(r).not.toBe('still running');
    expect((r as Captured).code).toBe(0);
    await expect(fetch(location)).rejects.toThrow();
  });
});

describe('over SSH', () => {
  it('with SSH_CONNECTION and no BROWSER or display, behaves as --no-browser and says so once', async () => {
    const login = startLogin(['--timeout', '20'], sshEnv());
    const location = await submitLogin(await login.url, user());
    login.child.stdin!.write(location + '\n');
    const r = await endWithin(login, 10_000);
    expect(r).not.toBe('still running');
    expect((r as Captured).code, login.stderr()).toBe(0);
    expect(login.stderr().match(/SSH session.*--no-browser/g)).toHaveLength(1);
    expect(login.stderr()).not.toMatch(/could not start a browser/);
  });

  it('with BROWSER set, the browser is still used (no paste prompt)', async () => {
    const login = startLogin([], { ...sshEnv(), BROWSER: 'true', SSH_TTY: '/dev/pts/3' });
    const location = await submitLogin(await login.url, user());
    expect((await fetch(location)).status).toBe(200);
    expect((await login.done).code).toBe(0);
    expect(login.stderr()).not.toMatch(/SSH session|Paste the address/);
  });
});

describe('on a machine without a browser (a container, a console)', () => {
  it('no BROWSER, no display, no SSH: says at once that no browser can be opened and shows the paste prompt', async () => {
    const { BROWSER: _, ...rest } = env;
    const login = startLogin([], {
      ...rest,
      DISPLAY: undefined,
      WAYLAND_DISPLAY: undefined,
      SSH_CONNECTION: undefined,
      SSH_TTY: undefined,
    } as unknown as Record<string, string>);
    await until(login, () => prompts(login) === 1);
    // At once: no browser was tried (and waited for) before the prompt; it says why first.
    expect(login.stderr()).toMatch(/no browser can be opened here \(no BROWSER and no display\)[^]*Paste the address/);
    expect(login.stderr()).not.toMatch(/could not start a browser/);
    expect(login.stderr()).toMatch(/within 60 s of approving/);
    const location = await submitLogin(await login.url, user());
    login.child.stdin!.write(location + '\n');
    const r = await endWithin(login, 10_000);
    expect(r).not.toBe('still running');
    expect((r as Captured).code, login.stderr()).toBe(0);
  });
});

describe('the result page', () => {
  it('names the user and the profile', async () => {
    const login = startLogin(['--profile', 'night'], env);
    const location = await submitLogin(await login.url, user());
    const page = await fetch(location);
    const text = (await page.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(page.status).toBe(200);
    expect(text).toContain('Logged in as demo (profile night). You can close this tab.');
    expect((await login.done).code).toBe(0);
  });
});
