/** Rows handed to the pool only once the window that holds them is reserved; the next window is reserved while this one is sent. */

/** A row as the pool gets it: `sends` is its id when it is going to be sent. */
export type Reserved<T> = T & { sends?: string };

/**
 * Yields `items` in order, each with `sends`: its id when `sendsOf` says the row is going to be sent (undefined for
 * rows skipped, held or failed without a request). Those ids are reserved in windows of `size`: `reserve(ids)` must
 * resolve before any row of its window is yielded. Reading and reserving the next window overlaps with sending the
 * current one, so the reservation costs no round trip.
 */
export async function* reserveAhead<T>(
  items: AsyncIterable<T>,
  size: number,
  sendsOf: (item: T) => string | undefined,
  reserve: (ids: string[]) => Promise<void>,
): AsyncGenerator<Reserved<T>> {
  const source = items[Symbol.asyncIterator]();
  let ended = false;
  const nextWindow = async (): Promise<{ items: Array<Reserved<T>>; ids: string[] }> => {
    const window: { items: Array<Reserved<T>>; ids: string[] } = { items: [], ids: [] };
    while (!ended && window.ids.length < size) {
      const next = await source.next();
      if (next.done) ended = true;
      else {
        const sends = sendsOf(next.value);
        window.items.push({ ...next.value, sends });
        if (sends) window.ids.push(sends);
      }
    }
    return window;
  };
  let latest: Promise<void> = Promise.resolve(); // each earlier window was awaited before its rows were yielded
  const reserving = (window: { ids: string[] }) => {
    const promise = window.ids.length > 0 ? reserve(window.ids) : Promise.resolve();
    // Awaited before its rows are yielded; a window never reached must not leave an unhandled rejection.
    promise.catch(() => undefined);
    latest = promise;
    return promise;
  };
  let current = await nextWindow();
  let reserved = reserving(current);
  try {
    while (current.items.length > 0) {
      await reserved;
      const following = ended ? { items: [], ids: [] } : await nextWindow();
      const followingReserved = reserving(following);
      yield* current.items;
      current = following;
      reserved = followingReserved;
    }
  } finally {
    // A run that stops early waits for the window being reserved: a write landing later would outlive the run.
    await latest.catch(() => undefined);
    await source.return?.();
  }
}
