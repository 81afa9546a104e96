/** Playing the browser's part of an OAuth login over plain HTTP, and driving `inv login`, spawned or in-process. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { testIO, type Captured } from './io.js';
import { BIN, childEnv } from './spawn.js';

/** Reads the hidden fields of an HTML form (entities decoded). */
export function hiddenFields(page: string): Record<string, string> {
  const decode = (v: string) =>
    v
      .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[decode(m[1]!)] = decode(m[2]!);
  return fields;
}

/** The authorization URL in a text (the login page inv writes for the browser), entities decoded. */
export function authorizeUrlIn(text: string): string | undefined {
  const found = /(https?:\/\/[^"'\s<>]+\/oauth2\/auth\?[^"'\s<>]+)/.exec(text)?.[1];
  return found?.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
}

/** What a browser given `arg` (a URL, a file: URL or a path) ends up asking the authorization server. */
export function authorizeUrlOf(arg: string): string {
  if (/^https?:/.test(arg)) return arg;
  const url = authorizeUrlIn(readFileSync(arg.startsWith('file:') ? fileURLToPath(arg) : arg, 'utf8'));
  if (!url) throw new Error(`no authorization URL in ${arg}`);
  return url;
}

/** Opens the consent page of an authorization URL as a browser would: its status, headers, hidden fields and cookie. */
export async function consentPage(authorizeUrl: string): Promise<{
  status: number;
  headers: Headers;
  fields: Record<string, string>;
  cookie: string;
  location: string | null;
}> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return {
    status: res.status,
    headers: res.headers,
    fields: hiddenFields(await res.text()),
    cookie,
    location: res.headers.get('location'),
  };
}

/** Posts the consent form (as a browser on the server's own page would); resolves to the answer. */
export async function postConsent(
  authorizeUrl: string,
  form: { username: string; password: string; decision?: string | null },
  options: { origin?: string; dropCsrf?: boolean } = {},
): Promise<Response> {
  const url = new URL(authorizeUrl);
  const page = await consentPage(authorizeUrl);
  const fields = { ...Object.fromEntries(url.searchParams), ...page.fields };
  if (options.dropCsrf) for (const name of Object.keys(fields)) if (/csrf/i.test(name)) delete fields[name];
  const body = new URLSearchParams({ ...fields, username: form.username, password: form.password });
  // A decision of null sends none (a form posted without pressing either button).
  if (form.decision !== null) body.set('decision', form.decision ?? 'approve');
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    origin: options.origin ?? url.origin,
  };
  if (page.cookie) headers.cookie = page.cookie;
  return fetch(new URL('/oauth2/auth', url.origin), { method: 'POST', body, headers, redirect: 'manual' });
}

/** Submits the sandbox's login form for an authorization URL; resolves to where the browser is sent. */
export async function submitLogin(
  authorizeUrl: string,
  form: { username: string; password: string; decision?: 'approve' | 'deny' },
): Promise<string> {
  const res = await postConsent(authorizeUrl, form);
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`login form answered ${res.status}: ${await res.text()}`);
  return location;
}

/** What a test does with a running login: write its stdin, interrupt it, see whether it ended. */
export interface LoginChild {
  stdin: NodeJS.WritableStream | null;
  kill(signal?: NodeJS.Signals): boolean;
  exitCode: number | null;
  signalCode: NodeJS.Signals | null;
  pid?: number;
}

export interface LoginProcess {
  child: LoginChild;
  /** The authorization URL inv printed. */
  url: Promise<string>;
  /** Everything printed so far. */
  stderr(): string;
  done: Promise<Captured>;
}

/** Spawns `inv login <args>` and exposes the URL it prints as soon as it does. */
export function spawnLogin(args: string[], env: Record<string, string>): LoginProcess {
  const child = spawn(process.execPath, [BIN, 'login', ...args], {
    env: childEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let found: (url: string) => void;
  const url = new Promise<string>((resolve) => (found = resolve));
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => {
    stderr += d;
    const match = /(http:\/\/\S+\/oauth2\/auth\?\S+)/.exec(stderr);
    if (match) found(match[1]!);
  });
  const done = new Promise<Captured>((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
  return { child, url, stderr: () => stderr, done };
}

/** The token endpoint's JSON answer: a grant, or an error (the fields a test reads). */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  error: string;
  error_description: string;
}

/**
 * `inv login <args>` in-process (main), driven as spawnLogin's: its stdin, the URL it prints, and kill() as the
 * user's Ctrl-C (the run ends with 130). For a real signal to a real process, use spawnLogin.
 */
export function startLogin(args: string[], env: Record<string, string>): LoginProcess {
  const t = testIO({ env });
  const stdin = new PassThrough();
  const interrupt = new AbortController();
  let found: (url: string) => void;
  const url = new Promise<string>((resolve) => (found = resolve));
  const write = t.io.err.write;
  t.io = {
    ...t.io,
    stdin,
    signal: interrupt.signal,
    err: {
      write: (text) => {
        const wrote = write(text);
        const match = /(http:\/\/\S+\/oauth2\/auth\?\S+)/.exec(t.stderr());
        if (match) found(match[1]!);
        return wrote;
      },
    },
  };
  const child: LoginChild = {
    stdin,
    exitCode: null,
    signalCode: null,
    kill: (signal = 'SIGTERM') => (interrupt.abort(signal), true),
  };
  const done = main(['login', ...args], t.io).then((code) => {
    child.exitCode = code;
    return { code, stdout: t.stdout(), stderr: t.stderr() };
  });
  return { child, url, stderr: () => t.stderr(), done };
}
