/** Runs work over a stream of rows with bounded concurrency, pulling a row only when a slot is free. */

export interface PoolOptions {
  concurrency: number;
  /** Stops pulling new rows; rows already started finish. */
  signal?: AbortSignal;
}

/** Calls `work` for every row, at most `concurrency` at once; resolves when all started work is done. */
export async function runPool<T>(rows: AsyncIterable<T>, work: (row: T) => Promise<void>, options: PoolOptions): Promise<{ stopped: boolean }> {
  const running = new Set<Promise<void>>();
  let failure: unknown;
  for await (const row of rows) {
    if (options.signal?.aborted || failure) break;
    const task = work(row).catch((error: unknown) => {
      failure ??= error;
    });
    running.add(task);
    void task.finally(() => running.delete(task));
    if (running.size >= options.concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure;
  return { stopped: Boolean(options.signal?.aborted) };
}
