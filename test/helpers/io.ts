/** An IO that captures stdout and stderr as strings, for running main() in-process. */
import { Readable } from 'node:stream';
import type { IO } from '../../src/util/io.js';
import { main } from '../../src/cli/main.js';

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

export interface TestIOOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  tty?: boolean;
  /** Aborting it is the user's Ctrl-C, as a SIGINT is to a real process. */
  signal?: AbortSignal;
  /** The wall clock inv reads (a night a test moves to). */
  now?: () => number;
}

/** Builds a capturing IO; `tty` makes stdout look like a terminal (tables, colour off by NO_COLOR). */
export function testIO(options: TestIOOptions = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: IO = {
    out: { write: (s) => void out.push(s), bytes: (b) => void out.push(Buffer.from(b).toString('latin1')) },
    err: { write: (s) => void err.push(s) },
    stdin: Readable.from([options.stdin ?? '']),
    stdinIsTTY: false,
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: false,
    env: { NO_COLOR: '1', ...options.env },
    signal: options.signal ?? new AbortController().signal,
    ...(options.now ? { now: options.now } : {}),
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** A run of `inv` in-process that the test does not await at once (startInv's counterpart, without a process). */
export interface InProcessRun {
  /** Resolves once main() returned, with its exit code and everything it printed. */
  closed: Promise<Captured>;
  /** What it printed so far. */
  output(): { stdout: string; stderr: string };
  /** For waitFor's `running`: the exit code once main() returned (there is no signal and no pid). */
  state: { exitCode: number | null; signalCode: null };
}

/** Starts `inv <args>` in-process without waiting for it. */
export function startInvInProcess(args: string[], options: TestIOOptions = {}): InProcessRun {
  const t = testIO(options);
  const state: InProcessRun['state'] = { exitCode: null, signalCode: null };
  const closed = main(args, t.io).then((code) => {
    state.exitCode = code;
    return { code, stdout: t.stdout(), stderr: t.stderr() };
  });
  return { closed, output: () => ({ stdout: t.stdout(), stderr: t.stderr() }), state };
}

/** Runs `inv <args>` in-process and captures what it printed. */
export function runInv(args: string[], options: TestIOOptions = {}): Promise<Captured> {
  return startInvInProcess(args, options).closed;
}
