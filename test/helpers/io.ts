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
    signal: new AbortController().signal,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Runs `inv <args>` in-process and captures what it printed. */
export async function runInv(args: string[], options: TestIOOptions = {}): Promise<Captured> {
  const t = testIO(options);
  const code = await main(args, t.io);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}
