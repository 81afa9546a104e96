/** Runs work over a stream of rows with bounded concurrency, pulling a row only when a slot is free. */

export interface PoolOptions {
  concurrency: number;
  /** Stops pulling new rows; rows already started finish. */
  signal?: AbortSignal;
}

/** Calls `work` for every row, at most `concurrency` at once; resolves when all started work is done. */
export async function runPool<T>(
  rows: AsyncIterable<T>,
  work: (row: T) => unknown,
  options: PoolOptions,
): Promise<{ stopped: boolean }> {
  let running = 0;
  let failure: { error: unknown } | undefined;
  // One waiter, woken when a slot frees (cheaper than racing every running task for each row).
  let wake: (() => void) | undefined;
  const finished = () => {
    running--;
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const fail = (error: unknown) => {
    failure ??= { error };
  };
  try {
    for await (const row of rows) {
      if (options.signal?.aborted || failure) break;
      running++;
      try {
        const result = work(row);
        if (result instanceof Promise) result.then(finished, (error: unknown) => (fail(error), finished()));
        else finished();
      } catch (error) {
        fail(error);
        finished();
      }
      while (running >= options.concurrency) await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (error) {
    // The input broke off (e.g. a CSV error mid-file): the rows in flight still finish first.
    fail(error);
  }
  while (running > 0) await new Promise<void>((resolve) => (wake = resolve));
  if (failure) throw failure.error;
  return { stopped: Boolean(options.signal?.aborted) };
}
