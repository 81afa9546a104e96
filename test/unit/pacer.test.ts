/**
 * The pacer against simulated servers, in simulated time (test/helpers/pacer-sim.ts): a token bucket (with and without
 * Retry-After), a stated rate, and its cuts event by event.
 */
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../src/http/pacer.js';
import { bucket, refusingOnly, simulate } from '../helpers/pacer-sim.js';

describe('the pacer', () => {
  it.each([
    ['with Retry-After', true],
    ['without Retry-After', false],
  ])(
    'sends 10,000 requests through a 200/s bucket of 20 in at most 1.15 × N/R, with at most one in 20 answered 429, %s',
    (_name, retryAfter) => {
      const { seconds, throttledShare } = simulate(bucket(200, 20, retryAfter), 10_000);
      expect(seconds).toBeLessThanOrEqual(57.5);
      expect(throttledShare).toBeLessThanOrEqual(0.05);
    },
  );

  it('eases off from what it sent, not from a ceiling that grew while this side was too slow to reach it', () => {
    // 80 ms a request for the first 10 s (eight in flight: 100/s at most), then 2 ms.
    const slowThenFast = (t: number) => (t < 10_000 ? 80 : 2);
    for (const retryAfter of [true, false]) {
      const { seconds } = simulate(bucket(200, 20, retryAfter), 10_000, { latency: slowThenFast });
      expect(seconds).toBeLessThanOrEqual(10 + (1.15 * (10_000 - 1000)) / 200);
    }
  });

  it('follows a rate stated in x-amzn-RateLimit-Limit from the first answer', () => {
    const { seconds, throttledShare } = simulate(bucket(50, 5, false, true), 1000);
    expect(seconds).toBeLessThanOrEqual(1000 / 50 + 1);
    expect(throttledShare).toBeLessThan(0.02);
  });

  it('finds slower and faster servers, with bursts small and large, and never crawls', () => {
    for (const [rate, burst] of [
      [20, 5],
      [1000, 50],
      [50, 1],
      [5, 10],
      [100, 100],
    ] as const) {
      for (const retryAfter of [true, false]) {
        const rows = Math.min(10_000, rate * 50);
        const { seconds, throttledShare } = simulate(bucket(rate, burst, retryAfter), rows);
        expect(seconds, `${rate}/s, burst ${burst}`).toBeLessThanOrEqual((2 * rows) / rate);
        expect(throttledShare, `${rate}/s, burst ${burst}`).toBeLessThanOrEqual(0.2);
      }
    }
  });

  it('keeps a batch 150 ms from its server at its speed after one 429 (Retry-After: 1) to the ninth request', () => {
    // Eight in flight, 150 ms a request: ~53 a second; 400 take ~7.5 s, and the pause 1 s more.
    const { seconds } = simulate(refusingOnly(9), 400, { latency: () => 150 });
    expect(seconds).toBeLessThanOrEqual(12);
  });

  it('rises from half a request a second in its own time when the first answer of all is a 429', () => {
    // Nothing got through to guess from: 0.5 a second, probed upwards by half every second of sending.
    const { seconds } = simulate(refusingOnly(1), 400, { latency: () => 150 });
    expect(seconds).toBeLessThanOrEqual(35);
  });

  it('pauses every request for a pause, deals the slots anew, and says so once', () => {
    const said: string[] = [];
    const pacer = new Pacer({ now: () => 0, onPause: (line) => said.push(line) });
    const before = pacer.deals;
    pacer.pause(1000, 'rate limited: waiting 1 s', true);
    pacer.pause(500, 'rate limited: waiting 1 s', true);
    expect(pacer.delay()).toBe(1000);
    expect(pacer.deals).toBe(before + 1);
    expect(said).toEqual(['rate limited: waiting 1 s']);
  });

  it('sends at once while no limit is known', () => {
    const pacer = new Pacer({ now: () => 0 });
    for (let i = 0; i < 100; i++) expect(pacer.delay()).toBe(0);
    expect(pacer.rate).toBe(Infinity);
  });
});

describe("the pacer's cuts, event by event", () => {
  /** A pacer on a fake clock, told an answer every 10 ms. */
  function paced() {
    let now = 0;
    const said: string[] = [];
    const pacer = new Pacer({ now: () => now, onPause: (line) => said.push(line) });
    const answer = (t: number, status: number, sentAt = t) => {
      now = t;
      pacer.answered(sentAt, status, {});
    };
    return { pacer, said, answer };
  }

  it('takes a 429 before anything got through for no rate at all, and never goes below half a request a second', () => {
    const { pacer, answer } = paced();
    answer(0, 429);
    expect(pacer.rate, 'others emptied the bucket, or it is not a bucket').toBe(Infinity);
    answer(10, 200);
    answer(5000, 429);
    expect(pacer.rate, 'nothing got through in the last second').toBe(0.5);
  });

  it('guesses the first rate from the answers of the last second when they come slower than one in 100 ms', () => {
    const { pacer, said, answer } = paced();
    // One request at a time to a server 150 ms away, then a 429: two answers in the 300 ms before it.
    answer(150, 200);
    answer(300, 200);
    answer(450, 429);
    expect(said).toEqual(['rate limited: sending at most 6.7 requests/s']);
    expect(pacer.rate).toBeCloseTo(2000 / 300, 6);
  });

  it('ignores a 429 to a request sent before the last cut, and cuts again within 5 s to 0.9 of what was sent', () => {
    const { pacer, said, answer } = paced();
    for (let t = 0; t < 1000; t += 10) answer(t, 200);
    answer(1000, 429);
    // An answer every 10 ms: 100 a second (the last 100 ms alone hold 9 of them: 90).
    expect(said).toEqual(['rate limited: sending at most 100 requests/s']);
    answer(1500, 429, 990);
    expect(said, 'a late 429 to a request sent before the cut').toHaveLength(1);
    for (let t = 1510; t < 3000; t += 10) answer(t, 200);
    answer(3000, 429);
    // 149 answers and one 429 in 1.75 s of sending since the cut (a quiet spell counts 250 ms at most), a few
    // refused: eased off from what was sent, to 0.9 of it as the last cut was under 5 s ago.
    expect(said).toEqual([
      'rate limited: sending at most 100 requests/s',
      'rate limited: sending at most 77 requests/s',
    ]);
    expect(pacer.rate).toBeCloseTo((0.9 * 150) / 1.75, 6);
  });

  it('the same pause told twice does not hand out a slot taken during it again', () => {
    const { pacer, answer } = paced();
    answer(0, 200);
    answer(5000, 429); // half a request a second from now on
    pacer.pause(1000, 'rate limited: waiting 1 s', true);
    expect(pacer.delay()).toBe(1000);
    pacer.pause(1000, 'rate limited: waiting 1 s', true);
    expect(pacer.delay()).toBe(3000);
  });
});

describe('the time paused', () => {
  it('counts each pause once, a longer one over it only for what it adds, and none of a pause still to come', async () => {
    const { SendSlots } = await import('../../src/http/slots.js');
    const slots = new SendSlots(() => 0);
    slots.pause(0, 1000);
    slots.pause(500, 1500);
    slots.pause(600, 1200);
    expect(slots.pausedBy(2000)).toBe(1500);
    slots.pause(3000, 4000);
    expect(slots.pausedBy(3250)).toBe(1750);
  });
});
