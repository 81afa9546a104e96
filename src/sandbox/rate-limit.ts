/** A gateway's token bucket per account, for rehearsing a rate-limited service: settings, their checks, and the buckets. */
import { RATE_LIMIT_MAX } from '../api/constants.js';
import { HttpFail } from './reply.js';

export interface RateLimitSettings {
  /** Tokens restored per second (requests per second per account). */
  rate: number;
  /** Bucket size: requests let through at once after a quiet spell. */
  burst: number;
  /** Send Retry-After with a 429. */
  retryAfter: boolean;
  /** Send x-amzn-RateLimit-Limit with every answer. */
  headers: boolean;
}

export type Admission = { ok: true } | { ok: false; retryAfterS: number };

/** Beyond this many buckets, full ones are forgotten (a full bucket is what a new one would be). */
const PRUNE_AT = 10_000;

/** The bucket size when none is given: a tenth of a second's worth, at least 1. */
export function defaultBurst(rate: number): number {
  return Math.max(1, Math.ceil(rate / 10));
}

/** Rate limit settings from a control request, checked field by field; anything else is a 400 naming the field. */
export function parseRateLimit(input: unknown): RateLimitSettings {
  const fail = (field: string, rule: string) => new HttpFail(400, `rate limit: ${field} ${rule}`);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw fail('body', 'must be a JSON object');
  const { rate, burst, retryAfter = true, headers = false, ...rest } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) throw fail(unknown[0]!, 'is not a field of a rate limit (rate, burst, retryAfter, headers)');
  if (typeof rate !== 'number' || !(rate > 0 && rate <= RATE_LIMIT_MAX)) {
    const lift = 'DELETE /_sandbox/rate-limit lifts the limit';
    throw fail(
      'rate',
      `must be a number of requests per second greater than 0 and at most ${RATE_LIMIT_MAX} (${lift})`,
    );
  }
  if (
    burst !== undefined &&
    !(Number.isInteger(burst) && (burst as number) >= 1 && (burst as number) <= RATE_LIMIT_MAX)
  ) {
    throw fail('burst', `must be a whole number from 1 to ${RATE_LIMIT_MAX}`);
  }
  if (typeof retryAfter !== 'boolean') throw fail('retryAfter', 'must be true or false');
  if (typeof headers !== 'boolean') throw fail('headers', 'must be true or false');
  return { rate, burst: (burst as number | undefined) ?? defaultBurst(rate), retryAfter, headers };
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms of the limiter's clock). */
  at: number;
}

/** Token buckets keyed by account; unlimited while no settings are given. */
export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private allowed = 0;
  private throttled = 0;
  private current: RateLimitSettings | undefined;

  /** `now` is a clock in milliseconds (a fake one in tests). */
  constructor(
    settings?: RateLimitSettings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.current = settings;
  }

  /** The limit in force, or undefined when unlimited. */
  get settings(): RateLimitSettings | undefined {
    return this.current;
  }

  /** Sets a new limit (undefined: unlimited); every bucket starts full and the counts start again. */
  set(settings: RateLimitSettings | undefined): void {
    this.current = settings;
    this.buckets = new Map();
    this.allowed = 0;
    this.throttled = 0;
  }

  /** Takes one token from `key`'s bucket, or says in how many whole seconds (at least 1) one is back. */
  take(key: string): Admission {
    const limit = this.current;
    if (!limit) {
      this.allowed++;
      return { ok: true };
    }
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= PRUNE_AT) this.prune(now, limit);
      bucket = { tokens: limit.burst, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) * limit.rate) / 1000);
      bucket.at = now;
    }
    // The epsilons keep float error (ten refills of 0.1 make 0.9999999999999999; 2.0000000000000004 s) from costing a token or a second.
    if (bucket.tokens >= 1 - 1e-9) {
      bucket.tokens -= 1;
      this.allowed++;
      return { ok: true };
    }
    this.throttled++;
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rate - 1e-9)) };
  }

  /** The 429's message, naming the limit. */
  message(): string {
    const limit = this.current;
    return limit
      ? `rate limit exceeded: ${limit.rate} requests/s per account, burst ${limit.burst}`
      : 'rate limit exceeded';
  }

  /** The limit in force (rate 0: unlimited) and what was let through and refused since it was set. */
  snapshot(): RateLimitSettings & { allowed: number; throttled: number } {
    const limit = this.current ?? { rate: 0, burst: 0, retryAfter: true, headers: false };
    return { ...limit, allowed: this.allowed, throttled: this.throttled };
  }

  private prune(now: number, limit: RateLimitSettings): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * limit.rate) / 1000 >= limit.burst) this.buckets.delete(key);
    }
  }
}
