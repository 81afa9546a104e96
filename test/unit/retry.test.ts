import { describe, expect, it } from 'vitest';
import {
  ONCE_POLICY,
  READ_POLICY,
  THROTTLED,
  UNREACHABLE,
  backoff,
  decideRetry,
  parseRetryAfter,
} from '../../src/http/retry.js';

const half = () => 0.5;

describe('decideRetry', () => {
  it('retries reads on 429, 502, 503, 504 and connect failures', () => {
    for (const status of [429, 502, 503, 504]) expect(decideRetry(READ_POLICY, 1, { status }, half).retry).toBe(true);
    expect(decideRetry(READ_POLICY, 1, { failure: 'connect' }, half).retry).toBe(true);
    expect(decideRetry(READ_POLICY, 1, { failure: 'lost' }, half).retry).toBe(true);
  });

  it('does not repeat a timeout, so --timeout bounds the wait', () => {
    expect(decideRetry(READ_POLICY, 1, { failure: 'timeout' }, half).retry).toBe(false);
  });

  it('does not retry other statuses', () => {
    for (const status of [200, 400, 401, 404, 500])
      expect(decideRetry(READ_POLICY, 1, { status }, half).retry).toBe(false);
  });

  it('stops after the last attempt', () => {
    expect(decideRetry(READ_POLICY, READ_POLICY.attempts - 1, { status: 503 }, half).retry).toBe(true);
    expect(decideRetry(READ_POLICY, READ_POLICY.attempts, { status: 503 }, half).retry).toBe(false);
  });

  it('never repeats a request that may change state, unless nothing was done', () => {
    for (const outcome of [
      { status: 503 },
      { failure: 'lost' as const },
      { failure: 'connect' as const },
      { failure: 'timeout' as const },
    ]) {
      expect(decideRetry(ONCE_POLICY, 1, outcome, half).retry).toBe(false);
    }
    const oneShotButConnectSafe = { ...ONCE_POLICY, attempts: 3, onConnectError: true };
    expect(decideRetry(oneShotButConnectSafe, 1, { failure: 'connect' }, half).retry).toBe(true);
    expect(decideRetry(oneShotButConnectSafe, 1, { failure: 'lost' }, half).retry).toBe(false);
  });

  it('waits out a 429 for every operation, writes included, for Retry-After and never sooner than the backoff', () => {
    for (const policy of [READ_POLICY, ONCE_POLICY]) {
      expect(decideRetry(policy, 1, { status: 429, retryAfter: '2' }, half)).toEqual({ retry: true, delayMs: 2000 });
      expect(decideRetry(policy, 1, { status: 429, retryAfter: '0' }, half)).toEqual({
        retry: true,
        delayMs: backoff(THROTTLED, 1, half),
      });
      expect(decideRetry(policy, 9, { status: 429 }, half).retry).toBe(true);
    }
  });

  it('gives up on a 429 when the waits would pass 30 s, or the --wait given', () => {
    expect(decideRetry(ONCE_POLICY, 1, { status: 429, retryAfter: '120' }, half).retry).toBe(false);
    expect(
      decideRetry(ONCE_POLICY, 5, { status: 429, retryAfter: '5' }, half, { waitedMs: 26_000, patienceMs: 0 }).retry,
    ).toBe(false);
    expect(
      decideRetry(ONCE_POLICY, 1, { status: 429, retryAfter: '120' }, half, { waitedMs: 0, patienceMs: 600_000 }).retry,
    ).toBe(true);
  });

  it("gives up on a 429 when the run's spell of nothing but 429s would pass its --wait, whatever this request waited", () => {
    const spell = (refusedMs: number) =>
      decideRetry(READ_POLICY, 1, { status: 429, retryAfter: '1' }, half, {
        waitedMs: 0,
        patienceMs: 0,
        refusedMs,
        refusalPatienceMs: 2_000,
      }).retry;
    expect(spell(0)).toBe(true);
    expect(spell(1_000)).toBe(true);
    expect(spell(1_001)).toBe(false);
  });

  it('waits for a service that cannot be reached as long as --wait allows, for every operation, and then stops', () => {
    const budget = (waitedMs: number) => ({ waitedMs, patienceMs: 60_000 });
    expect(decideRetry(ONCE_POLICY, 1, { failure: 'connect' }, half, budget(0))).toEqual({
      retry: true,
      delayMs: backoff(UNREACHABLE, 1, half),
    });
    expect(decideRetry(ONCE_POLICY, 20, { failure: 'connect' }, half, budget(50_000))).toEqual({
      retry: true,
      delayMs: 10_000,
    });
    expect(decideRetry(ONCE_POLICY, 21, { failure: 'connect' }, half, budget(60_000)).retry).toBe(false);
    // A connection lost after sending stays in doubt, whatever the patience.
    expect(decideRetry(ONCE_POLICY, 1, { failure: 'lost' }, half, budget(0)).retry).toBe(false);
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoff(READ_POLICY, 1, () => 0)).toBe(READ_POLICY.baseDelayMs / 2);
    expect(backoff(READ_POLICY, 1, () => 1)).toBe(READ_POLICY.baseDelayMs);
    expect(backoff(READ_POLICY, 3, () => 1)).toBe(READ_POLICY.baseDelayMs * 4);
    expect(backoff(READ_POLICY, 30, () => 1)).toBe(READ_POLICY.maxDelayMs);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('Retry-After on a retried status', () => {
  it("waits a Retry-After up to the policy's longest, and gives up on a longer one", () => {
    const half = () => 0.5;
    expect(decideRetry(READ_POLICY, 1, { status: 503, retryAfter: '30' }, half)).toEqual({
      retry: true,
      delayMs: 30_000,
    });
    expect(decideRetry(READ_POLICY, 1, { status: 503, retryAfter: '31' }, half)).toEqual({ retry: false, delayMs: 0 });
  });
});

describe('Refusals, the spell of nothing but 429s', () => {
  it('lasts from the first 429 while any refused request waits, and ends at any other answer or when none waits', async () => {
    const { Refusals } = await import('../../src/http/retry-hook.js');
    let now = 0;
    const refusals = new Refusals(() => now);
    expect(refusals.refused(true)).toBe(0);
    now = 1_000;
    expect(refusals.refused(true)).toBe(1_000);
    now = 2_000;
    refusals.left();
    expect(refusals.refused(false)).toBe(2_000);
    refusals.left();
    now = 60_000;
    expect(refusals.refused(true), 'a spell nobody waited in any more is over').toBe(0);
    now = 61_000;
    refusals.answered();
    expect(refusals.refused(false), 'an answer other than 429 ends it').toBe(0);
  });
});
