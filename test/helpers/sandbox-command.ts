/** `inv sandbox` in-process (main): the command's options and profile, without a process of its own. */
import { startInvInProcess, type Captured } from './io.js';
import { wholeJson, type SandboxInfo } from './spawn.js';
import { waitFor } from './wait.js';

export interface SandboxCommand<T> {
  /** What `inv sandbox --json` printed once it listened. */
  info: T;
  /** Ends it as Ctrl-C does; resolves with its exit code and everything it printed. */
  stop(): Promise<Captured>;
}

/** Runs `inv sandbox <args> --json` in-process and resolves once it listens (fails with its stderr if it ends first). */
export async function startSandboxCommand<T = SandboxInfo>(
  args: string[],
  env: Record<string, string>,
): Promise<SandboxCommand<T>> {
  const interrupt = new AbortController();
  const run = startInvInProcess(['sandbox', ...args, '--json'], { env, signal: interrupt.signal });
  const info = await waitFor(() => wholeJson<T>(run.output().stdout), {
    what: () => `inv sandbox to print its JSON (stderr: ${run.output().stderr})`,
    running: run.state,
  });
  return {
    info,
    stop: () => {
      interrupt.abort('SIGINT');
      return run.closed;
    },
  };
}
