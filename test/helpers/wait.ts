/** Waiting in tests: for a condition with a deadline, never blindly until the test's timeout. */

export interface WaitOptions {
  /** What is awaited, for the failure message ("40 moves at the server"); a function is asked at failure time. */
  what: string | (() => string);
  /** Milliseconds to wait at most (default 15 s, under the 30 s test timeout so this message is the one seen). */
  deadline?: number;
  /** Milliseconds between polls (default 10). */
  every?: number;
  /** A process (or an in-process run) whose exit before the condition holds fails the wait at once. */
  running?: { pid?: number; exitCode: number | null; signalCode: NodeJS.Signals | null };
}

/** Polls `condition` until it returns a truthy value, which it resolves to; fails naming `what` after the deadline. */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions): Promise<NonNullable<T>> {
  const { deadline = 15_000, every = 10, running } = options;
  const what = () => (typeof options.what === 'function' ? options.what() : options.what);
  const started = performance.now();
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (running && (running.exitCode !== null || running.signalCode !== null)) {
      const who = running.pid === undefined ? 'the in-process run' : `process ${running.pid}`;
      throw new Error(`waited for ${what()}, but ${who} exited first (${running.exitCode ?? running.signalCode})`);
    }
    if (performance.now() - started > deadline) throw new Error(`gave up after ${deadline} ms waiting for ${what()}`);
    await sleep(every);
  }
}

/** Lets `ms` milliseconds pass; only where time passing is what a test is about (say why beside the call). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Lets `n` turns of the event loop pass: for promises and I/O callbacks already due, never for time. */
export async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}
