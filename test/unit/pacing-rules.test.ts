/** The pacer's rules one by one, as pure functions: cuts after a 429, and when 429s come whatever the rate. */
import { describe, expect, it } from 'vitest';
import { CutHistory } from '../../src/http/cut-history.js';
import { measuredCut, PACING, strictCut, type Period } from '../../src/http/pacing-rules.js';

/** A period since the last cut, ended by a 429 to a request sent at `before` requests/s. */
const period = (over: Partial<Period>): Period => ({
  before: 240,
  successes: 100,
  throttled: 10,
  measuredMs: 1000,
  sinceCutMs: 1000,
  sent: 240,
  heldBack: true,
  ...over,
});

describe('a cut after a 429', () => {
  it('right after a pause, cuts blind by 30 %; after two such, measures the bucket from the two', () => {
    const first = period({ successes: 48, measuredMs: 140 });
    expect(measuredCut(first).rate).toBeCloseTo(240 * PACING.cutBlind, 6);
    // A bucket of 20 at 200/s: 48 let through in 0.14 s after one pause, 106 in 0.43 s after the next.
    const blindAgain = period({ before: 238, successes: 106, measuredMs: 430, lastBlind: first });
    expect(measuredCut(blindAgain).rate).toBeCloseTo(((106 - 48) / 0.29) * PACING.cutTo, 6);
    expect(measuredCut({ ...blindAgain, lastBlind: undefined }).rate).toBeCloseTo(238 * PACING.cutBlind, 6);
  });

  it('measures only while this side was held back; else eases off from what was sent', () => {
    // 100 let through in a second, one answer in 11 a 429: the server was the limit.
    expect(measuredCut(period({})).rate).toBeCloseTo(100 * PACING.cutTo, 6);
    expect(measuredCut(period({ heldBack: false, sent: 150 })).rate).toBeCloseTo(150 * PACING.cutAgainTo, 6);
  });

  it('of a strict bucket: just below the fastest pair let through, else half the gap refused, probed upwards', () => {
    expect(strictCut(1000 / 190, 5)).toMatchObject({ rate: 5 * PACING.strictBelow, phase: 'steady' });
    expect(strictCut(1000 / 190, 5).riseAfterMs).toBe(PACING.strictRiseAfterMs);
    // Delays on the way let a shorter gap through than one refused: below the refused.
    expect(strictCut(5, 5.5).rate).toBeCloseTo(5 * PACING.strictBelow, 6);
    expect(strictCut(10, 0)).toMatchObject({ rate: 5, phase: 'probing', cap: 10 * PACING.cutTo });
  });
});

describe('429s that come whatever the rate', () => {
  it('are found when the rate and what got through fell and their share did not', () => {
    const history = new CutHistory();
    history.add(40, 40, 12, 2000); // 40/s sent, 30 % refused
    expect(history.indifference(40, 0, 0)).toBeUndefined();
    history.add(20, 20, 6, 2000); // half the rate, the same share
    expect(history.indifference(20, 0, 0)).toBeCloseTo(0.3, 6);
  });

  it('are not found while cuts make them rarer, nor after pauses whose first request always went through', () => {
    const fewer = new CutHistory();
    fewer.add(40, 40, 12, 2000);
    fewer.add(20, 20, 1, 2000);
    expect(fewer.indifference(20, 0, 0)).toBeUndefined();
    const refilled = new CutHistory();
    refilled.add(40, 40, 12, 2000);
    refilled.add(20, 20, 6, 2000);
    expect(refilled.indifference(20, 5, 0), 'a bucket lets the first request after a pause through').toBeUndefined();
    expect(refilled.indifference(20, 5, 2), 'two refused after a pause').toBeCloseTo(0.3, 6);
  });

  it('are found at the floor, where a bucket of half a request a second or more refuses nothing', () => {
    const history = new CutHistory();
    history.add(1, 10, 3, 10_000);
    expect(history.indifference(PACING.minRate, 0, 0)).toBeCloseTo(0.3, 6);
  });

  it('then hold a window of answers to their share: a limit on top shows as many more', () => {
    const history = new CutHistory();
    history.add(40, 40, 12, 2000);
    history.add(20, 20, 6, 2000);
    history.indifference(20, 0, 0);
    expect(history.limitOnTop(100, 35)).toBe(false);
    expect(history.limitOnTop(100, 80)).toBe(true);
  });
});
