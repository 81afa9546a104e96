/**
 * The rules a batch's pacer learns its rate by (docs/decisions.md, 19. Rate limits and outages), as data and pure
 * functions: where a 429 sets the rate, how fast it rises again, and when 429s are found to come whatever the rate.
 */

export const PACING = {
  /** Share of the learnt rate sent at after a cut, so the server's bucket fills again. */
  cutTo: 0.95,
  /** A cut that held less than `heldMs` was not deep enough: the next goes to this share. */
  cutAgainTo: 0.9,
  heldMs: 5_000,
  /** A 429 this soon after the last cut (in active time) measures nothing: the rate is cut by `cutBlind` instead. */
  measureMinMs: 500,
  cutBlind: 0.7,
  /** Two periods cut blind in a row, this much apart in length, measure the bucket's rate (refillFit). */
  fitMinMs: 100,
  /** This share of answers 429 since the last cut says the server, not this side, set the pace. */
  saturated: 0.05,
  /** While probing, the rate grows by this factor every second. */
  probeGrowth: 1.5,
  /**
   * The steady rise: this share of the rate per second, doubling every `riseDoublingMs` without a 429; every
   * `rememberedDoublingMs` from a rate an earlier run learnt, until the first 429 (the limit may have been raised since).
   */
  riseShare: 0.002,
  riseDoublingMs: 20_000,
  rememberedDoublingMs: 5_000,
  /** What was sent is measured over the last this long of a period, so that a long rise is not averaged away. */
  sentWindowMs: 2_000,
  /**
   * A bucket that let through at most this many requests after it was full is a strict one: each 429 then says only that
   * the gap before it was too short, and each pair of requests let through that theirs was long enough.
   */
  strictBurst: 1,
  /** A strict limit with no rate yet let through: half the rate refused, probed upwards from there. */
  strictHalve: 0.5,
  /** … and once one was: this share of the highest rate it let through, probed upwards if below `strictNear` of the other. */
  strictBelow: 0.97,
  strictNear: 0.8,
  /**
   * A strict limit is measured to the request, and each 429 rising above it would cost the whole batch its Retry-After:
   * the steady rise starts this long after such a cut (or after probing reached the rate just below the one refused).
   */
  strictRiseAfterMs: 20_000,
  /** A gap let through this much shorter than one refused (more than the jitter on the way) says it is no bucket of one. */
  strictMargin: 1.1,
  /**
   * 429s counted over fewer answers or less time than this say nothing about their share (right after a pause, a
   * bucket's burst looks like a rate).
   */
  shareAnswers: 15,
  shareMs: 2_000,
  /**
   * Cuts that brought the rate sent at down to this share or lower, and what the server let through to `acceptedFallen`,
   * while the share of 429s stayed at `sameShare` of what it was or more…
   */
  rateFallen: 0.7,
  acceptedFallen: 0.8,
  sameShare: 0.6,
  /**
   * … say the 429s come whatever the rate. Until their share (over at least `shareAnswers` × `shareWindow` answers)
   * exceeds what it was by more than chance would, and by `shareRiseBy` at least: a limit came on top.
   */
  shareWindow: 5,
  shareRiseBy: 0.15,
  minRate: 0.5,
  /** A rate within this factor of `minRate` is at the floor: a 429 there is no more the rate's doing than any other. */
  atFloor: 1.5,
  /**
   * A pause of Retry-After refills a bucket, so it lets the first request after it through: refusing it this many times
   * says the 429s come whatever the rate (at random, or from others sharing the limit).
   */
  refusedAfterPause: 2,
} as const;

/** How the log names a rate: "sending at most 4.8 requests/s". */
export function sendingAtMost(rate: number): string {
  return `sending at most ${rate.toFixed(rate < 10 ? 1 : 0)} requests/s`;
}

/** The steady rise after `sinceMs` without a 429, doubling every `doublingMs`: a share of the rate (0.01: 1 % higher). */
export function steadyRise(sinceMs: number, doublingMs: number): number {
  const period = doublingMs / 1000;
  const since = Math.max(0, sinceMs) / 1000;
  // The rise doubles every period without a 429, so an estimate far below the server's rate is left in a minute.
  const doublings = Math.floor(since / period);
  return PACING.riseShare * (period * (2 ** doublings - 1) + 2 ** doublings * (since - doublings * period));
}

/** What happened since the last cut, up to the 429 that ends it. */
export interface Period {
  /** The rate allowed when the 429 came. */
  before: number;
  successes: number;
  throttled: number;
  /** Time spent sending (pauses and quiet spells left out). */
  measuredMs: number;
  /** Time since the last cut. */
  sinceCutMs: number;
  /** Requests per second sent lately (over the last PACING.sentWindowMs of the period, or all of it). */
  sent: number;
  /** Whether most requests waited for their slot: what got through measures the server only if this side kept up. */
  heldBack: boolean;
  /** The period before, when it too was cut blind (a 429 right after a pause). */
  lastBlind?: { successes: number; measuredMs: number };
}

/** The rate after a cut, and how it goes on from there. */
export interface Cut {
  rate: number;
  /** Probing rises fast (up to `cap`); steady rises slowly. */
  phase: 'probing' | 'steady';
  cap: number;
  /** The rate the refused requests were sent at: what the learnt rate stays below. */
  ceiling: number;
  /** How long after the cut the steady rise starts (0 when absent). */
  riseAfterMs?: number;
}

/** Requests per second sent over a period (both answers), the time being at least 100 ms. */
export function sendRate(p: Pick<Period, 'successes' | 'throttled' | 'measuredMs'>): number {
  return ((p.successes + p.throttled) * 1000) / Math.max(p.measuredMs, 100);
}

/**
 * The cut for a bucket of some size: many 429s since the last cut while this side was held back, the server was the
 * limit throughout and what it let through is its rate; else the rate only touched the limit (or this side was the
 * slower one) and is eased off from what was sent. Right after a pause the server's refilled bucket flatters any measure: it is cut blind.
 */
export function measuredCut(p: Period): Cut {
  const sent = p.sent;
  const letThrough = (p.successes * 1000) / Math.max(p.measuredMs, 100);
  const saturated = p.heldBack && p.throttled >= PACING.saturated * (p.successes + p.throttled);
  const share = p.sinceCutMs < PACING.heldMs ? PACING.cutAgainTo : PACING.cutTo;
  const ceiling = Math.min(p.before, sent);
  let rate: number;
  if (p.measuredMs < PACING.measureMinMs) rate = refillFit(p) ?? p.before * PACING.cutBlind;
  else rate = saturated ? Math.min(letThrough, p.before) * PACING.cutTo : ceiling * share;
  return { rate, phase: 'steady', cap: Infinity, ceiling };
}

/**
 * After two pauses in a row, each refilling the bucket and each followed by a 429 within PACING.measureMinMs, the
 * bucket's rate is known: the requests each let through are its size plus its rate times the time it took to empty,
 * so two of them at different rates give both. 95 % of it, when the two are far enough apart to say.
 */
function refillFit(p: Period): number | undefined {
  const last = p.lastBlind;
  if (!last || Math.abs(p.measuredMs - last.measuredMs) < PACING.fitMinMs) return undefined;
  const rate = ((p.successes - last.successes) * 1000) / (p.measuredMs - last.measuredMs);
  return rate > 0 && rate < p.before ? rate * PACING.cutTo : undefined;
}

/**
 * The cut for a strict bucket: `refused` is the rate of the gap before the request refused, or of a longer one refused
 * earlier; `held` the highest rate a gap let through (0: none yet). Just below the highest rate it let through (or the
 * one refused, when delays on the way made that the lower), else half the rate refused; probed upwards while that is
 * far below the rate refused.
 */
export function strictCut(refused: number, held: number): Cut {
  const ceiling = refused;
  const rate = held > 0 ? Math.min(held, ceiling) * PACING.strictBelow : ceiling * PACING.strictHalve;
  const far = rate < ceiling * PACING.strictNear;
  if (far) return { rate, phase: 'probing', cap: ceiling * PACING.cutTo, ceiling };
  return { rate, phase: 'steady', cap: Infinity, ceiling, riseAfterMs: PACING.strictRiseAfterMs };
}
