/** Rows handed to the pool only once the window that holds them is reserved; the next window is reserved while this one is sent. */

export interface Reservable {
  /** The row's id when it is going to be sent; undefined for rows skipped, held or failed without a request. */
  sends?: string;
}

/**
 * Yields `items` in order, reserving the ids of the rows that will be sent in windows of `size`:
 * `reserve(ids)` must resolve before any row of its window is yielded. Reading and reserving the
 * next window overlaps with sending the current one, so the reservation costs no round trip.
 */
export async function* reserveAhead<T extends Reservable>(
  items: AsyncIterable<T>,
  size: number,
  reserve: (ids: string[]) => Promise<void>,
): AsyncGenerator<T> {
  const source = items[Symbol.asyncIterator]();
  let ended = false;
  const nextWindow = async (): Promise<{ items: T[]; ids: string[] }> => {
    const window: { items: T[]; ids: string[] } = { items: [], ids: [] };
    while (!ended && window.ids.length < size) {
      const next = await source.next();
      if (next.done) ended = true;
      else {
        window.items.push(next.value);
        if (next.value.sends) window.ids.push(next.value.sends);
      }
    }
    return window;
  };
  const reserving = (window: { ids: string[] }) => {
    const promise = window.ids.length > 0 ? reserve(window.ids) : Promise.resolve();
    promise.catch(() => undefined); // awaited before its rows are yielded; a window never reached must not leave an unhandled rejection
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
    await source.return?.();
  }
}
