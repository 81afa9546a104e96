/** Queued fault rules: `after` lets that many matching requests through, then the rule hits the next `times`. */
import { describe, expect, it } from 'vitest';
import { Faults, parseFaultRule } from '../../src/sandbox/faults.js';

describe('a fault rule with after', () => {
  it('lets the first matching requests through, hits the next ones, then is spent', () => {
    const faults = new Faults();
    faults.add(parseFaultRule({ status: 503, times: 2, after: 3, path: '/v1/doMoveItem' }));
    const hits = Array.from(
      { length: 7 },
      (_, i) => (i === 1 ? faults.take('GET', '/v1/items') : faults.take('POST', '/v1/doMoveItem'))?.status ?? null,
    );
    expect(hits).toEqual([null, null, null, null, 503, 503, null]);
  });

  it('is checked as a whole number from 0', () => {
    expect(parseFaultRule({ status: 503, after: 0 })).not.toHaveProperty('after');
    for (const after of [-1, 1.5, '3', 2_000_000])
      expect(() => parseFaultRule({ status: 503, after }), String(after)).toThrow(
        /fault rule: after must be a whole number/,
      );
  });
});
