/** Listing every page: pages fetched ahead come out in order, and one that fails is raised at its turn. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allRecords, type Page } from '../../src/api/collection-pages.js';

const COUNT = 60;
const SIZE = 10;
const page = (offset: number): Page<number> => ({
  records: Array.from({ length: Math.min(SIZE, COUNT - offset) }, (_, i) => offset + i),
  offset,
  limit: SIZE,
  count: COUNT,
  next: '',
});
const later = <T>(ms: number, value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), ms));

let unhandled: unknown[];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => void process.off('unhandledRejection', onUnhandled));

describe('allRecords', () => {
  it('yields every record in order while pages arrive out of order', async () => {
    const got: number[] = [];
    for await (const n of allRecords((offset) => later(COUNT - offset, () => page(offset)), { pageSize: SIZE }))
      got.push(n);
    expect(got).toEqual(Array.from({ length: COUNT }, (_, i) => i));
  });

  it('a page fetched ahead that fails while an earlier one is awaited is raised at its turn, not left unhandled', async () => {
    const failure = new Error('page 30 failed');
    // The page at 10 is slow; the one at 30 fails at once, while the listing still waits on 10.
    const fetchPage = (offset: number) =>
      offset === 30 ? Promise.reject(failure) : later(offset === 10 ? 50 : 0, () => page(offset));
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const n of allRecords(fetchPage, { pageSize: SIZE })) got.push(n);
      })(),
    ).rejects.toBe(failure);
    expect(got).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(unhandled).toEqual([]);
  });

  it('pages still in flight when the reader stops early may fail later without ending the process', async () => {
    const fail = () => new Promise<Page<number>>((_, reject) => setTimeout(() => reject(new Error('late')), 30));
    const fetchPage = (offset: number) => (offset >= 20 ? fail() : later(0, () => page(offset)));
    for await (const n of allRecords(fetchPage, { pageSize: SIZE })) if (n === 12) break;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(unhandled).toEqual([]);
  });
});
