/** Table formatting of numbers: count() writes what en-US writes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { count } from '../../src/util/format.js';

afterEach(() => vi.restoreAllMocks());

describe('count', () => {
  const wholes = [0, -0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 1_234_567, -1, -999, -1000, -1_234_567];
  const more = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 10 ** 12];

  it('writes whole numbers with thousands separators, as en-US does', () => {
    for (const n of [...wholes, ...more]) expect(count(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(count('1234567')).toBe('1,234,567');
  });

  it('does so without calling toLocaleString', () => {
    const notMinusZero = wholes.filter((n) => !Object.is(n, -0));
    const expected = notMinusZero.map((n) => n.toLocaleString('en-US'));
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(() => {
      throw new Error('toLocaleString was called');
    });
    expect(notMinusZero.map((n) => count(n))).toEqual(expected);
  });

  it('leaves fractions and numbers beyond 2^53 to toLocaleString, and what is not a number to cell', () => {
    for (const n of [1234.5, 0.1234, -2.0005, 1e21]) expect(count(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect([count(null), count('n/a'), count(Infinity)]).toEqual(['-', 'n/a', 'Infinity']);
  });
});
