/** Runs bin/inv inside a pseudo-terminal (util-linux `script`), answering prompts as they appear. */
import { spawn } from 'node:child_process';
import { BIN, childEnv } from './spawn.js';

export interface Answer {
  /** Text to wait for in the terminal output. */
  when: RegExp;
  /** Keys to type, e.g. "19.99\r". */
  send: string;
}

/** Spawns `inv <args>` on a pty; resolves with everything it drew and its exit code. */
export function runInTerminal(args: string[], env: Record<string, string>, answers: Answer[], timeoutMs = 15_000): Promise<{ code: number; screen: string }> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-q', '-e', '-c', quoted, '/dev/null'], { env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
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
