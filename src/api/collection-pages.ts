/** Every record of a collection: pages fetched a few at a time once the count is known, yielded in order. */

export interface Page<T> {
  records: T[];
  offset: number;
  /** The page size the server used (it may cap what was asked). */
  limit: number;
  /** Total records, as the server counted them. */
  count: number;
  /** The next page's link; empty when there is none. */
  next: string;
}

export type FetchPage<T> = (offset: number, limit: number) => Promise<Page<T>>;

export interface PagingOptions {
  /** First record to return. */
  offset?: number;
  /** Records asked per request. */
  pageSize: number;
  /** Stop after this many records. */
  max?: number;
  /** Pages in flight at once. */
  concurrency?: number;
  /** Told the server's total count once the first page arrives. */
  onCount?: (count: number) => void;
}

/** Streams records from `offset` on; memory holds at most `concurrency` pages. */
export async function* allRecords<T>(fetchPage: FetchPage<T>, options: PagingOptions): AsyncGenerator<T> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const start = options.offset ?? 0;
  if (max <= 0) return;
  let emitted = 0;
  const first = await fetchPage(start, Math.min(options.pageSize, max));
  options.onCount?.(first.count);
  for (const record of first.records) {
    if (emitted++ >= max) return;
    yield record;
  }
  const size = Math.max(1, first.limit || first.records.length);
  const end = Math.min(first.count, start + max);
  // Pages whose offsets the count tells us, fetched ahead in a window of `concurrency`.
  const offsets: number[] = [];
  for (let at = start + size; at < end; at += size) offsets.push(at);
  const window: Array<Promise<Page<T>>> = [];
  let nextIndex = 0;
  const fill = () => {
    while (window.length < (options.concurrency ?? 4) && nextIndex < offsets.length) {
      const page = fetchPage(offsets[nextIndex++]!, size);
      // A page fetched ahead may fail before its turn, or after the caller stopped reading: it is raised when its
      // turn comes (the records before it are out by then), never left as an unhandled rejection that ends the process.
      page.catch(() => undefined);
      window.push(page);
    }
  };
  fill();
  let last = first;
  while (window.length > 0) {
    last = await window.shift()!;
    fill();
    for (const record of last.records) {
      if (emitted++ >= max) return;
      yield record;
    }
  }
  // Records added while listing: follow `next` until it is empty.
  let offset = last.offset + last.records.length;
  while (last.next && emitted < max && last.records.length > 0) {
    last = await fetchPage(offset, size);
    offset += last.records.length;
    for (const record of last.records) {
      if (emitted++ >= max) return;
      yield record;
    }
  }
}
