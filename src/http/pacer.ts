/**
 * The sending rate of a batch, learnt from the server (docs/decisions.md, 19. Rate limits and outages; the rules are
 * src/http/pacing-rules.ts). Unlimited until the first 429, unless an earlier run learnt a rate to start from. Then a
 * guess from the burst the server let through, raised by half every second of sending until the next 429 ("probing").
 * After that ("steady") every 429 sets the rate to 95 % of what the server let through since the last one (a strict
 * limit: 97 % of the fastest pair of requests it let through), and the rate rises slowly while answers succeed. 429s
 * that cutting does not make rarer are left to each request's own retries ("indifferent"). A rate stated in a header is
 * followed as it is. A Retry-After or an outage pauses every request.
 */
import { BucketWatch } from './bucket-watch.js';
import { CutHistory } from './cut-history.js';
import { measuredCut, PACING, sendingAtMost, sendRate, steadyRise, strictCut, type Cut } from './pacing-rules.js';
import { LetThrough } from './let-through.js';
import { rateHeaders } from './rate-headers.js';
import { SendSlots } from './slots.js';
import { SuccessTimes } from './success-times.js';

export { sendingAtMost } from './pacing-rules.js';

/**
 * 429s to requests sent within this long after a cut are retried but cut nothing: a real limiter's bucket fills again
 * below its rate, and 429s that go on regardless must not cut the rate at every one of them.
 */
const CUT_PERIOD_MS = 1_000;

export interface PacerOptions {
  now?: () => number;
  /** Told when a pause starts or the rate is cut (a line for the log). */
  onPause?: (message: string) => void;
  /** A rate (requests/s) learnt by an earlier run against the same server and operation: sent at from the first request. */
  start?: number;
}

/** One batch's pacing: every request asks `delay()` before it leaves and reports its answer. */
export class Pacer {
  /** The clock the pacer reads (milliseconds). */
  readonly now: () => number;
  private readonly onPause: (message: string) => void;
  private phase: 'unlimited' | 'stated' | 'indifferent' | Cut['phase'] = 'unlimited';
  /** Requests per second at the last cut (or as stated), what probing may rise to, and the rate last refused. */
  private base = Infinity;
  private cap = Infinity;
  private ceiling = Infinity;
  private cutAt = -Infinity;
  /** When the steady rise started (or starts), and how fast it doubles. */
  private riseFrom = -Infinity;
  private doublingMs: number = PACING.riseDoublingMs;
  /** Since the last cut: successes, 429s (to requests sent since), requests that asked for a slot and that waited. */
  private period = { successes: 0, throttled: 0, asked: 0, waited: 0 };
  /** What the server let through from a 429 on: what a learnt rate stays below. */
  private readonly letThrough = new LetThrough();
  private readonly slots: SendSlots;
  /** The time spent sending when the last cut came: the period is measured from there. */
  private activeAtCut = 0;
  /** Cuts made, and whether the run started from a rate an earlier run learnt: what makes the rate now worth keeping. */
  private cuts = 0;
  private readonly remembered: boolean = false;
  private readonly successes = new SuccessTimes();
  private readonly bucket = new BucketWatch();
  private readonly history = new CutHistory();
  /** The last period, when it was cut blind: with the next one, it measures the bucket. */
  private lastBlind: { successes: number; measuredMs: number } | undefined;

  constructor(options: PacerOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.slots = new SendSlots(this.now);
    this.onPause = options.onPause ?? (() => undefined);
    if (options.start !== undefined && options.start > 0) {
      [this.phase, this.base, this.cutAt] = ['steady', Math.max(PACING.minRate, options.start), this.now()];
      this.riseFrom = this.cutAt;
      this.remembered = true;
      this.doublingMs = PACING.rememberedDoublingMs;
    }
  }

  /** Requests per second allowed now (Infinity: no limit learnt). */
  get rate(): number {
    if (this.phase === 'probing')
      return Math.min(this.cap, this.base * PACING.probeGrowth ** ((this.slots.activeMs - this.activeAtCut) / 1000));
    if (this.phase !== 'steady') return this.base;
    return this.base * (1 + steadyRise(this.now() - this.riseFrom, this.doublingMs));
  }

  /**
   * The rate for the next run against the same server and operation to start at: the rate now, below the one last
   * refused and never above what the server let through from a 429 on; null when 429s came whatever the rate (none to
   * keep); undefined when nothing was learnt (no limit met, or one 429 only).
   */
  get learnt(): number | null | undefined {
    if (this.phase === 'indifferent') return null;
    if (this.phase === 'stated') return this.base;
    // One 429 gave a guess, and a guess that was never refused again measured nothing.
    if (this.phase === 'unlimited' || (this.cuts < 2 && !this.remembered)) return undefined;
    // A guess or a cut blind measured nothing: what is kept is never above what the server was seen to let through.
    const now = this.now();
    return Math.min(
      this.rate,
      this.ceiling * PACING.cutTo,
      this.letThrough.rate(now, this.slots.pausedBy(now)) || Infinity,
    );
  }

  /**
   * How many times the slots were dealt anew (a pause, a cut): a request that took its slot before then takes a new one,
   * or the slots it held would fall among the new ones, too close to them for a small bucket.
   */
  get deals(): number {
    return this.slots.deals;
  }

  /** Milliseconds the next request must wait before it leaves; takes its slot. */
  delay(): number {
    const now = this.slots.tick();
    const rate = this.rate;
    // Probing that reached its cap goes on from there at the steady rise (a strict limit's, later).
    if (this.phase === 'probing' && rate >= this.cap)
      [this.phase, this.base, this.riseFrom] = [
        'steady',
        rate,
        now + (this.bucket.strict ? PACING.strictRiseAfterMs : 0),
      ];
    const at = this.slots.take(now, rate);
    this.period.asked++;
    if (at > now) this.period.waited++;
    return at - now;
  }

  /**
   * Holds every request for `ms`; `message` is logged when this starts a pause. The pause of a 429 (`after429`) is left
   * to the request that got it while 429s come whatever the rate.
   */
  pause(ms: number, message: string, after429 = false): void {
    if (after429 && this.phase === 'indifferent') return;
    const now = this.now();
    const started = this.slots.pause(now, now + ms);
    if (started === undefined) return;
    if (started) this.onPause(message);
    this.bucket.refilled(now + ms);
  }

  /** Learns from an answer to a request that left at `sentAt`. */
  answered(sentAt: number, status: number, headers: Record<string, string>): void {
    const now = this.slots.tick();
    const { stated, resetMs } = rateHeaders(headers, Date.now());
    if (stated !== undefined) [this.phase, this.base] = ['stated', Math.max(PACING.minRate, stated)];
    if (resetMs !== undefined)
      this.pause(resetMs, `rate limit used up: waiting ${Math.ceil(resetMs / 1000)} s for it to reset`);
    const refusedGap = this.bucket.answered(sentAt, status === 429);
    if (status !== 429) {
      this.period.successes++;
      this.letThrough.success(sentAt);
      this.successes.note(now);
    } else if (this.phase === 'indifferent' || sentAt >= this.cutAt) this.period.throttled++;
    if (this.phase === 'indifferent') this.watchIndifferent(now);
    else if (status === 429 && sentAt >= this.cutAt && now - this.cutAt >= CUT_PERIOD_MS) this.cut(now, refusedGap);
  }

  /** Sets the rate after a 429 from what the server let through, and starts measuring again. */
  private cut(now: number, refusedGap: number | undefined): void {
    // A first 429 before anything got through says nothing of a rate (others emptied the bucket, or it is not a bucket's).
    if (this.phase === 'unlimited' && !this.successes.any) return;
    const before = this.rate;
    const { successes, throttled, asked, waited } = this.period;
    if (this.phase === 'unlimited') this.letThrough.firstRefusal(successes);
    const measuredMs = this.slots.activeMs - this.activeAtCut;
    const counts = { successes, throttled, measuredMs };
    const sent = measuredMs > PACING.sentWindowMs ? this.successes.rate(now, PACING.sentWindowMs) : sendRate(counts);
    const period = { ...counts, before, sinceCutMs: now - this.cutAt, sent, heldBack: waited >= asked / 2 };
    const lastBlind = this.lastBlind;
    this.lastBlind = measuredMs < PACING.measureMinMs && this.phase !== 'unlimited' ? counts : undefined;
    // What the first burst let through is the bucket's fill, not a rate: it is no period to compare with.
    if (this.phase !== 'unlimited')
      this.history.add(Math.min(before, sendRate(counts)), successes + throttled, throttled, measuredMs);
    const share = this.history.indifference(before, this.bucket.refills, this.bucket.refusedAfterRefill);
    if (share !== undefined) return this.becomeIndifferent(now, share);
    let next: Cut;
    if (this.phase === 'unlimited') {
      // All we know is the burst it let through just now: a guess, probed upwards until the next 429. A burst of one
      // says nothing of the rate: half the guess.
      const guess = this.successes.guess(now) * (this.bucket.strict ? PACING.strictHalve : 1);
      next = { rate: guess, phase: 'probing', cap: Infinity, ceiling: Infinity };
    } else if (this.bucket.strict) {
      // Delays on the way blur each gap: the longest gap ever refused bounds the rate as well as this one.
      const refused = Math.min(1000 / Math.max(refusedGap ?? 1000 / before, 1), this.bucket.slowestRefused);
      next = strictCut(refused, this.bucket.fastestLetThrough);
    } else next = measuredCut({ ...period, lastBlind });
    [this.base, this.phase, this.cap, this.ceiling] = [
      Math.max(PACING.minRate, next.rate),
      next.phase,
      next.cap,
      next.ceiling,
    ];
    this.cuts++;
    this.restart(now, true);
    this.riseFrom = now + (next.riseAfterMs ?? 0);
    this.say();
  }

  /** Starts a new period of measuring from `now` (`refused`: at a 429), with the slots dealt anew. */
  private restart(now: number, refused = false): void {
    this.letThrough.restart(now, this.slots.pausedBy(now), refused);
    [this.cutAt, this.riseFrom, this.activeAtCut] = [now, now, this.slots.activeMs];
    this.doublingMs = PACING.riseDoublingMs;
    this.period = { successes: 0, throttled: 0, asked: 0, waited: 0 };
    this.slots.dealAnew(now);
  }

  /** Stops pacing for 429s that come whatever the rate; each request waits out its own. */
  private becomeIndifferent(now: number, share: number): void {
    [this.phase, this.base, this.cap, this.ceiling] = ['indifferent', Infinity, Infinity, Infinity];
    this.restart(now);
    const percent = Math.round(share * 100);
    this.onPause(`429s come whatever the rate (${percent} % of answers): no longer slowing down for them`);
  }

  /** While 429s come whatever the rate: a share of them well above it says a limit came on top, paced as measured. */
  private watchIndifferent(now: number): void {
    const { successes, throttled } = this.period;
    const [answers, measuredMs] = [successes + throttled, this.slots.activeMs - this.activeAtCut];
    if (answers < PACING.shareAnswers * PACING.shareWindow || measuredMs < CUT_PERIOD_MS) return;
    if (this.history.limitOnTop(answers, throttled)) {
      // Paced again from what the server let through; if 429s then stay as common, the history shows it at the next cut.
      this.ceiling = sendRate({ successes, throttled, measuredMs });
      this.history.add(this.ceiling, answers, throttled, measuredMs);
      this.bucket.forgetRefills();
      [this.phase, this.base] = ['steady', Math.max(PACING.minRate, ((successes * 1000) / measuredMs) * PACING.cutTo)];
      this.say();
    }
    this.restart(now);
  }

  /** Logs the rate now allowed. */
  private say(): void {
    this.onPause(`rate limited: ${sendingAtMost(this.base)}`);
  }
}
