/** Playing the browser's part of an OAuth login over plain HTTP, and driving a spawned `inv login`. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Captured } from './io.js';
import { BIN, childEnv } from './spawn.js';

/** Submits the sandbox's login form for an authorization URL; resolves to where the browser is sent. */
export async function submitLogin(authorizeUrl: string, form: { username: string; password: string; decision?: 'approve' | 'deny' }): Promise<string> {
  const url = new URL(authorizeUrl);
  const body = new URLSearchParams({ ...Object.fromEntries(url.searchParams), username: form.username, password: form.password, decision: form.decision ?? 'approve' });
  const res = await fetch(new URL('/oauth2/auth', url.origin), {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`login form answered ${res.status}: ${await res.text()}`);
  return location;
}

export interface LoginProcess {
  child: ChildProcess;
  /** The authorization URL inv printed. */
  url: Promise<string>;
  /** Everything printed so far. */
  stderr(): string;
  done: Promise<Captured>;
}

/** Spawns `inv login <args>` and exposes the URL it prints as soon as it does. */
export function spawnLogin(args: string[], env: Record<string, string>): LoginProcess {
  const child = spawn(process.execPath, [BIN, 'login', ...args], { env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
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
  const done = new Promise<Captured>((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr })));
  return { child, url, stderr: () => stderr, done };
}
