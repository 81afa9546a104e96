/** Table formatting of numbers: what en-US writes, without the locale data a first toLocaleString loads. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { count } from '../../src/util/format.js';
import { byCodeUnits } from '../../src/util/compare.js';

afterEach(() => vi.restoreAllMocks());

describe('count', () => {
  const wholes = [0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 1_234_567, -1, -999, -1000, -1_234_567];
  const more = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 10 ** 12];

  it('writes whole numbers with thousands separators, as en-US does', () => {
    for (const n of [...wholes, ...more]) expect(count(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(count('1234567')).toBe('1,234,567');
  });

  it('does so without Intl: a process pays ~20 ms for its first toLocaleString', () => {
    const expected = wholes.map((n) => n.toLocaleString('en-US'));
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(() => {
      throw new Error('toLocaleString was called');
    });
    expect(wholes.map((n) => count(n))).toEqual(expected);
  });

  it('leaves fractions and numbers beyond 2^53 to toLocaleString, and what is not a number to cell', () => {
    for (const n of [1234.5, 0.1234, -2.0005, 1e21]) expect(count(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect([count(null), count('n/a'), count(Infinity)]).toEqual(['-', 'n/a', 'Infinity']);
  });
});

describe('byCodeUnits', () => {
  it('orders command names and ISO timestamps as localeCompare does', () => {
    const names = ['send-to-fba', 'items', 'item-lookup', 'list', 'show', 'update', 'create', 'delete', 'set'];
    const stamps = ['2026-11-25T09:00:00.000Z', '2026-11-25T10:00:00.000Z', '2025-01-01T00:00:00.000Z', 'undefined'];
    for (const list of [names, stamps])
      expect([...list].sort(byCodeUnits)).toEqual([...list].sort((a, b) => a.localeCompare(b)));
  });
});
