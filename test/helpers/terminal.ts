/** Runs bin/inv inside a pseudo-terminal (util-linux `script`), answering prompts as they appear. */
import { execFileSync, spawn } from 'node:child_process';
import { BIN, childEnv } from './spawn.js';

/**
 * `script -c` runs its command through `$SHELL -c`. A shell that stays in between (dash, when SHELL is
 * /bin/sh) is in the terminal's process group too: it gets the Ctrl-C typed there and reports 130
 * whatever inv answered. `exec` makes inv the terminal's only process, under any SHELL.
 */
function spawnOnPty(args: string[], env: Record<string, string>) {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  return spawn('script', ['-q', '-e', '-c', `exec ${quoted}`, '/dev/null'], {
    env: childEnv({ SHELL: '/bin/sh', ...env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface Answer {
  /** Text to wait for in the terminal output. */
  when: RegExp;
  /** Keys to type, e.g. "19.99\r". */
  send: string;
}

/** Spawns `inv <args>` on a pty; resolves with everything it drew and its exit code. */
export function runInTerminal(
  args: string[],
  env: Record<string, string>,
  answers: Answer[],
  timeoutMs = 15_000,
): Promise<{ code: number; screen: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnOnPty(args, env);
    let screen = '';
    let next = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`terminal session timed out; screen so far:\n${screen}`));
    }, timeoutMs);
    child.stdout.on('data', (data) => {
      screen += data;
      while (next < answers.length && answers[next]!.when.test(screen)) child.stdin.write(answers[next++]!.send);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, screen });
    });
  });
}

export interface TerminalSession {
  /** Everything drawn so far. */
  screen(): string;
  /** Resolves with the screen once `pattern` appears on it (rejects after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Types keys. */
  type(keys: string): void;
  /** The exit code, once the program ends. */
  exited: Promise<number>;
  /** Kills inv itself (not the pty around it) with `signal`, as a crash or `kill -9` would. */
  kill(signal: NodeJS.Signals): void;
}

/** Starts a long-running `inv <args>` (e.g. `inv sandbox`) on its own pty; the caller types into it and waits on its screen. */
export function startInTerminal(args: string[], env: Record<string, string>): TerminalSession {
  const child = spawnOnPty(args, env);
  let screen = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (data) => {
    screen += data;
    for (const check of waiters) check();
  });
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return {
    screen: () => screen,
    type: (keys) => void child.stdin.write(keys),
    exited,
    kill(signal) {
      // `script` runs inv as its one child (exec): that child is the program.
      const pid = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim();
      if (!/^\d+$/.test(pid)) throw new Error(`no single program under the pty (${JSON.stringify(pid)})`);
      process.kill(Number(pid), signal);
    },
    waitFor(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${pattern} did not appear; screen so far:\n${screen}`));
        }, timeoutMs);
        const check = () => {
          if (!pattern.test(screen)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(screen);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Types a line into `session` and waits until `after` shows on its screen. */
export async function step(session: TerminalSession, line: string, after: RegExp): Promise<void> {
  session.type(line + '\r');
  await session.waitFor(after);
}
