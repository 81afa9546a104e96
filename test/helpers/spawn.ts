/** Runs the built bin/inv as a child process, the way users and scripts run it. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Captured } from './io.js';

export const BIN = fileURLToPath(new URL('../../bin/inv.js', import.meta.url));

// Node reads NODE_EXTRA_CA_CERTS's whole file at every start (~50 ms of CPU on this machine, in each of the suite's
// ~120 processes); inv under test talks to sandboxes over loopback http only, where no certificate is checked.
// A developer's D-Bus session is not inherited either: no test writes to the keyring of the desktop it runs on (the
// keyring tests give a bus of their own, test/helpers/keyring.ts).
const NOT_INHERITED = new Set(['CI', 'NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS', 'DBUS_SESSION_BUS_ADDRESS']);

/** A clean environment: no CI, no colours, no inherited INV_* settings, no extra CA file, plus `env`. */
export function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('INV_') && !NOT_INHERITED.has(k)) base[k] = v;
  const merged: NodeJS.ProcessEnv = { ...base, NO_COLOR: '1', ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  return merged;
}

/** A running `inv`: the child (to signal it) and its end. */
export interface RunningInv {
  child: ChildProcessWithoutNullStreams;
  /** Resolves once it exited, with its exit code (-1 when killed by a signal) and everything it printed. */
  closed: Promise<Captured>;
  /** What it printed so far. */
  output(): { stdout: string; stderr: string };
}

/** How a spawned `inv` is started: its extra environment, its stdin, its working directory. */
export interface InvOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
}

/** Starts `node bin/inv.js <args>` with `input` on stdin (then closed), without waiting for it. */
export function startInv(args: string[], options: InvOptions = {}): RunningInv {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: childEnv(options.env),
    cwd: options.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const closed = new Promise<Captured>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
  child.stdin.end(options.input ?? '');
  return { child, closed, output: () => ({ stdout, stderr }) };
}

/** Spawns `node bin/inv.js <args>` with `input` on stdin; resolves when it exits. */
export function spawnInv(args: string[], options: InvOptions = {}): Promise<Captured> {
  return startInv(args, options).closed;
}

/** What `inv sandbox --json` prints. */
export interface SandboxInfo {
  baseUrl: string;
  researchUrl: string;
  dataFile: string;
  login: { clientId: string; clientSecret: string; username: string; password: string };
  research: { clientId: string; secretKey: string; merchantId: string; marketplaceId: string };
}

/** The JSON a spawned `inv sandbox --json` prints once it listens (rejects if it exits first). */
export function sandboxInfo<T = SandboxInfo>(
  child:
    | ChildProcessWithoutNullStreams
    | import('node:child_process').ChildProcessByStdio<
        null,
        import('node:stream').Readable,
        import('node:stream').Readable
      >,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d;
      const info = wholeJson<T>(text);
      if (info !== undefined) resolve(info);
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited early (${code})`)));
  });
}

/** `text` as JSON once all of it has been printed; undefined while it is still coming. */
export function wholeJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
