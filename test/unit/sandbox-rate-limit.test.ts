import { describe, expect, it } from 'vitest';
import { HttpFail } from '../../src/sandbox/reply.js';
import { RateLimiter, defaultBurst, parseRateLimit } from '../../src/sandbox/rate-limit.js';

/** A clock the test moves by hand (milliseconds). */
function fakeClock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const settings = (rate: number, burst: number) => ({ rate, burst, retryAfter: true, headers: false });

describe('the sandbox token bucket', () => {
  it('lets a burst through at once, then refuses until a token is back', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(settings(5, 2), clock.now);
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterS: 1 });
    clock.advance(199);
    expect(limiter.take('a').ok).toBe(false);
    clock.advance(1);
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a').ok).toBe(false);
  });

  it('refills at the rate, never beyond the burst', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(settings(10, 3), clock.now);
    clock.advance(60_000);
    let let_through = 0;
    while (limiter.take('a').ok) let_through++;
    expect(let_through).toBe(3);
    // One second at 10/s: ten more, one at a time.
    let later = 0;
    for (let i = 0; i < 100; i++) {
      clock.advance(10);
      if (limiter.take('a').ok) later++;
    }
    expect(later).toBe(10);
  });

  it('rounds Retry-After up to whole seconds, at least 1', () => {
    const clock = fakeClock();
    const slow = new RateLimiter(settings(0.4, 1), clock.now);
    expect(slow.take('a').ok).toBe(true);
    expect(slow.take('a')).toEqual({ ok: false, retryAfterS: 3 }); // 2.5 s until one token
    clock.advance(1600);
    expect(slow.take('a')).toEqual({ ok: false, retryAfterS: 1 }); // 0.9 s
    const fast = new RateLimiter(settings(1000, 1), clock.now);
    fast.take('a');
    expect(fast.take('a')).toEqual({ ok: false, retryAfterS: 1 }); // 1 ms, still 1
    const half = new RateLimiter(settings(0.5, 1), clock.now);
    half.take('a');
    expect(half.take('a')).toEqual({ ok: false, retryAfterS: 2 }); // exactly 2 s: not 3
  });

  it('keeps one bucket per account', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(settings(1, 1), clock.now);
    expect(limiter.take('account:1001').ok).toBe(true);
    expect(limiter.take('account:1001').ok).toBe(false);
    expect(limiter.take('account:2002').ok).toBe(true);
    expect(limiter.take('address:127.0.0.1').ok).toBe(true);
    expect(limiter.take('account:2002').ok).toBe(false);
  });

  it('counts what it let through and what it refused since the limit was set; unlimited lets all through', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(settings(1, 2), clock.now);
    for (let i = 0; i < 5; i++) limiter.take('a');
    expect(limiter.snapshot()).toEqual({
      rate: 1,
      burst: 2,
      retryAfter: true,
      headers: false,
      allowed: 2,
      throttled: 3,
    });
    limiter.set(settings(1, 1));
    expect(limiter.snapshot()).toMatchObject({ allowed: 0, throttled: 0 });
    expect(limiter.take('a').ok).toBe(true); // a new limit starts with full buckets
    limiter.set(undefined);
    for (let i = 0; i < 1000; i++) expect(limiter.take('a').ok).toBe(true);
    expect(limiter.snapshot()).toMatchObject({ rate: 0, allowed: 1000, throttled: 0 });
  });

  it('names the limit in its message', () => {
    expect(new RateLimiter(settings(200, 20)).message()).toBe(
      'rate limit exceeded: 200 requests/s per account, burst 20',
    );
  });
});

describe('rate limit settings', () => {
  it('default the burst to a tenth of the rate, at least 1', () => {
    expect(defaultBurst(200)).toBe(20);
    expect(defaultBurst(5)).toBe(1);
    expect(defaultBurst(0.5)).toBe(1);
    expect(defaultBurst(15)).toBe(2);
    expect(parseRateLimit({ rate: 200 })).toEqual({ rate: 200, burst: 20, retryAfter: true, headers: false });
    expect(parseRateLimit({ rate: 5, burst: 2, retryAfter: false, headers: true })).toEqual({
      rate: 5,
      burst: 2,
      retryAfter: false,
      headers: true,
    });
  });

  it('are checked field by field, with a 400 naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [[], 'body'],
      [{ burst: 2 }, 'rate'],
      [{ rate: 0 }, 'rate'],
      [{ rate: -1 }, 'rate'],
      [{ rate: '5' }, 'rate'],
      [{ rate: 1_000_001 }, 'rate'],
      [{ rate: 5, burst: 0 }, 'burst'],
      [{ rate: 5, burst: 1.5 }, 'burst'],
      [{ rate: 5, burst: 1_000_001 }, 'burst'],
      [{ rate: 5, retryAfter: 'no' }, 'retryAfter'],
      [{ rate: 5, headers: 1 }, 'headers'],
      [{ rate: 5, bucket: 2 }, 'bucket'],
    ];
    for (const [input, field] of cases) {
      let thrown: unknown;
      try {
        parseRateLimit(input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(input)).toBeInstanceOf(HttpFail);
      expect((thrown as HttpFail).status).toBe(400);
      expect((thrown as HttpFail).message, JSON.stringify(input)).toMatch(new RegExp(`^rate limit: ${field} `));
    }
  });
});
