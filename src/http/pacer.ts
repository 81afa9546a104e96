/**
 * The sending rate of a batch, learnt from the server (docs/decisions.md, 19. Rate limits and outages).
 * Unlimited until the first 429. Then a guess from the burst the server let through, raised by half every
 * second of sending until the next 429 ("probing"). After that ("steady") every 429 sets the rate to 97 % of
 * what the server let through since the last one, and the rate rises slowly while answers succeed. A rate stated in a
 * header is followed as it is. A Retry-After or an outage pauses every request.
 */

/** Share of the learnt rate sent at after a cut, so the server's bucket fills again. */
const CUT_TO = 0.95;
/** A cut that held less than HELD_MS was not deep enough: the next goes to this share. */
const CUT_AGAIN_TO = 0.9;
const HELD_MS = 5_000;
/** While probing, the rate grows by this factor every second. */
const PROBE_GROWTH = 1.5;
/** The steady rise: this share of the rate per second, doubling every RISE_DOUBLING_MS without a 429. */
const RISE_SHARE = 0.002;
const RISE_DOUBLING_MS = 20_000;
/** A 429 this soon after the last one (in active time) measures nothing: the rate is cut by this factor instead. */
const MEASURE_MIN_MS = 500;
const CUT_BLIND = 0.7;
/** This share of answers 429 since the last cut says the server, not this side, set the pace. */
const SATURATED = 0.05;
/**
 * 429s to requests sent within this long after a cut are retried but cut nothing: a real limiter's bucket
 * fills again below its rate, and 429s that go on regardless (a limit shared with others) must not cut the
 * rate at every one of them.
 */
const CUT_PERIOD_MS = 1_000;
/** A quiet spell longer than this (reading the input, a pause), beyond what the pacer held back, counts as this much. */
const GAP_MS = 250;
const MIN_RATE = 0.5;
/**
 * The first guess counts the successes of the last GUESS_MS (at most RECENT of them), or, if more, the rate of those of
 * the last GUESS_SLOW_MS: answers that come slower than one in GUESS_MS (a server far away) leave the short window empty.
 */
const GUESS_MS = 100;
const GUESS_SLOW_MS = 1_000;
const RECENT = 4096;

export interface PacerOptions {
  now?: () => number;
  /** Told when a pause starts or the rate is cut (a line for the log). */
  onPause?: (message: string) => void;
}

/** One batch's pacing: every request asks `delay()` before it leaves and reports its answer. */
export class Pacer {
  /** The clock the pacer reads (milliseconds). */
  readonly now: () => number;
  private readonly onPause: (message: string) => void;
  private phase: 'unlimited' | 'probing' | 'steady' | 'stated' = 'unlimited';
  /** Requests per second at the last cut (or as stated). */
  private base = Infinity;
  private cutAt = -Infinity;
  private successes = 0;
  /** 429s to requests sent since the last cut: many say the server was the limit all along. */
  private throttled = 0;
  /** Time with requests coming and going, pauses and quiet spells left out: what the rate is measured over. */
  private activeMs = 0;
  private activeAtCut = 0;
  private lastEvent: number | undefined;
  private nextSlot = 0;
  private pauseStart = 0;
  private pausedUntil = 0;
  /** When the latest successes came (a ring), for the first guess: the burst just before the first 429. */
  private readonly recent = new Float64Array(RECENT);
  private recentCount = 0;

  constructor(options: PacerOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.onPause = options.onPause ?? (() => undefined);
  }

  /** Requests per second allowed now (Infinity: no limit learnt). */
  get rate(): number {
    if (this.phase === 'probing') return this.base * PROBE_GROWTH ** ((this.activeMs - this.activeAtCut) / 1000);
    const since = Math.max(0, this.now() - this.cutAt) / 1000;
    if (this.phase !== 'steady') return this.base;
    // The rise doubles every period without a 429, so an estimate far below the server's rate is left in a minute.
    const period = RISE_DOUBLING_MS / 1000;
    const doublings = Math.floor(since / period);
    const risen = RISE_SHARE * (period * (2 ** doublings - 1) + 2 ** doublings * (since - doublings * period));
    return this.base * (1 + risen);
  }

  /** Milliseconds the next request must wait before it leaves; takes its slot. */
  delay(): number {
    const now = this.tick();
    const rate = this.rate;
    const at = Math.max(now, this.pausedUntil, rate === Infinity ? 0 : this.nextSlot);
    if (rate !== Infinity) this.nextSlot = Math.max(this.nextSlot, at) + 1000 / rate;
    return at - now;
  }

  /** Whether a pause began while a request waited for its slot: it then takes a new slot, after the pause. */
  pausedSince(slotTakenAt: number): boolean {
    return this.pauseStart >= slotTakenAt && this.pausedUntil > this.now();
  }

  /** Holds every request for `ms`; `message` is logged when this starts a pause. */
  pause(ms: number, message: string): void {
    const now = this.now();
    const until = now + ms;
    if (until <= this.pausedUntil) return;
    if (this.pausedUntil <= now) {
      this.onPause(message);
      this.pauseStart = now;
    }
    this.pausedUntil = until;
    // Slots taken before the pause would all fall due at its end: the requests holding them take new ones.
    this.nextSlot = until;
  }

  /** Learns from an answer to a request that left at `sentAt`. */
  answered(sentAt: number, status: number, headers: Record<string, string>): void {
    const now = this.tick();
    this.readHeaders(headers);
    if (status !== 429) {
      this.successes++;
      this.recent[this.recentCount++ % RECENT] = now;
      return;
    }
    if (sentAt < this.cutAt) return;
    this.throttled++;
    if (now - this.cutAt >= CUT_PERIOD_MS) this.cut(now);
  }

  /** Sets the rate after a 429 from what the server let through, and starts measuring again. */
  private cut(now: number): void {
    const before = this.rate;
    const measuredMs = this.activeMs - this.activeAtCut;
    const letThrough = (this.successes * 1000) / Math.max(measuredMs, 100);
    if (this.phase === 'unlimited') {
      // All we know is the burst it let through just now: a guess, probed upwards until the next 429.
      const quick = (this.successesSince(now - GUESS_MS).count * 1000) / GUESS_MS;
      const slow = this.successesSince(now - GUESS_SLOW_MS);
      this.base = Math.max(quick, (slow.count * 1000) / Math.max(GUESS_MS, now - slow.oldest));
      this.phase = 'probing';
    } else {
      // Many 429s since the last cut: the server was the limit all along, and what it let through is its rate.
      // A few: the rate only touched the limit (or this side was the slower one): the rate is eased off, not
      // measured. Right after a pause the server's refilled bucket flatters any measure: it is cut blind.
      const saturated = this.throttled >= SATURATED * (this.successes + this.throttled);
      const share = now - this.cutAt < HELD_MS ? CUT_AGAIN_TO : CUT_TO;
      // The rate allowed may have grown far beyond what this side managed to send (a busy machine): eased
      // off from what was sent, not from the ceiling.
      const sent = ((this.successes + this.throttled) * 1000) / Math.max(measuredMs, 100);
      if (measuredMs < MEASURE_MIN_MS) this.base = before * CUT_BLIND;
      else this.base = saturated ? Math.min(letThrough, before) * CUT_TO : Math.min(before, sent) * share;
      this.phase = 'steady';
    }
    this.base = Math.max(MIN_RATE, this.base);
    this.cutAt = now;
    this.activeAtCut = this.activeMs;
    this.successes = 0;
    this.throttled = 0;
    this.nextSlot = now;
    this.onPause(`rate limited: sending at most ${this.base.toFixed(this.base < 10 ? 1 : 0)} requests/s`);
  }

  /** How many successes came after `since` (as far as the ring remembers), and when the first of them came. */
  private successesSince(since: number): { count: number; oldest: number } {
    let count = 0;
    let oldest = Infinity;
    for (
      let i = this.recentCount - 1;
      i >= 0 && i >= this.recentCount - RECENT && this.recent[i % RECENT]! > since;
      i--
    ) {
      count++;
      oldest = this.recent[i % RECENT]!;
    }
    return { count, oldest };
  }

  /** The time now, after adding the time since the last event to the active time (quiet spells and pauses cut short). */
  private tick(): number {
    const now = this.now();
    if (this.lastEvent !== undefined) {
      const paused = Math.max(0, Math.min(now, this.pausedUntil) - Math.max(this.lastEvent, this.pauseStart));
      // Time the pacer itself held the next request back is time spent sending, however long: only a quiet spell
      // beyond it is cut short (else a low rate would count a fraction of its own time, and rise that much slower).
      const held = Math.max(0, Math.min(now, this.nextSlot) - this.lastEvent);
      this.activeMs += Math.max(0, Math.min(now - this.lastEvent, Math.max(GAP_MS, held)) - paused);
    }
    this.lastEvent = now;
    return now;
  }

  /** x-amzn-RateLimit-Limit states the rate; a RateLimit-Remaining of 0 pauses until its reset. */
  private readHeaders(headers: Record<string, string>): void {
    const stated = Number(headers['x-amzn-ratelimit-limit']);
    if (stated > 0 && Number.isFinite(stated) && (this.phase !== 'stated' || stated !== this.base)) {
      this.base = Math.max(MIN_RATE, stated);
      this.phase = 'stated';
    }
    const remaining = headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining'];
    const reset = Number(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset']);
    if (remaining !== undefined && Number(remaining) === 0 && reset > 0) {
      // A reset beyond a billion is a Unix time (GitHub's style); else seconds from now (the IETF draft's).
      const ms = reset > 1e9 ? reset * 1000 - Date.now() : reset * 1000;
      if (ms > 0)
        this.pause(Math.min(ms, 3_600_000), `rate limit used up: waiting ${Math.ceil(ms / 1000)} s for it to reset`);
    }
  }
}
