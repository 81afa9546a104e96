/** Retry policy as data (docs/decisions.md, 6. Retries) and the pure decision of whether and when to try again. */

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  /** A repeat cannot change state twice: connection losses may be retried and are never "in doubt". */
  idempotent: boolean;
  /** Retry when the connection could not be opened (nothing was sent). */
  onConnectError: boolean;
  /** HTTP statuses worth another attempt. */
  statuses: readonly number[];
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this ends the retries at once. */
  maxRetryAfterMs: number;
}

/** Reads of resources and every research call: safe to repeat. */
export const READ_POLICY: RetryPolicy = {
  attempts: 4,
  idempotent: true,
  onConnectError: true,
  statuses: [502, 503, 504],
  baseDelayMs: 200,
  maxDelayMs: 4000,
  maxRetryAfterMs: 30_000,
};

/** Anything that may change inventory: sent exactly once. */
export const ONCE_POLICY: RetryPolicy = {
  attempts: 1,
  idempotent: false,
  onConnectError: false,
  statuses: [],
  baseDelayMs: 0,
  maxDelayMs: 0,
  maxRetryAfterMs: 0,
};

/**
 * The Inventory API's documented operations and their policies. Only reads and setting a setting are
 * repeated; the doSendToFBA GET changes inventory, and anything not listed here is sent once.
 */
const OPERATIONS: ReadonlyArray<readonly [string, RegExp, RetryPolicy]> = [
  ['GET', /^\/v1\/doSendToFBA\/?$/, ONCE_POLICY],
  ['GET', /^\/v1\/(items|locations|itemLocations|feedbacks?)(\/[^/]+)?\/?$/, READ_POLICY],
  ['GET', /^\/v1\/(settings\/[^/]+|whoami|fbaCreateInboundShipmentPlan)\/?$/, READ_POLICY],
  // Setting a key to a value twice leaves it as once: a lost answer is tried again, never in doubt.
  ['PUT', /^\/v1\/settings\/[^/]+\/?$/, READ_POLICY],
  ['GET', /^\/fnskuLabel\/?$/, READ_POLICY],
];

/** The retry policy of a request to the Inventory API, by method and path (`inv api` and the client share it). */
export function retryPolicyFor(method: string, path: string): RetryPolicy {
  return OPERATIONS.find(([m, pattern]) => m === method && pattern.test(path))?.[2] ?? ONCE_POLICY;
}

/**
 * A 429 is answered by a rate limiter before the request is processed, so every operation, writes included,
 * is sent again after it (docs/decisions.md, 19. Rate limits and outages): after Retry-After when given (never
 * sooner than the backoff), while the waits of the request add up to at most `minWaitMs` or the --wait given, whichever
 * is longer, and the run's spell of nothing but 429s to at most the --wait given (else the command's default).
 */
export const THROTTLED = { minWaitMs: 30_000, baseDelayMs: 250, maxDelayMs: 8_000 } as const;

/**
 * A service that cannot be reached before anything is sent: with a --wait (a batch's default is 10 min), tried
 * again with this backoff until the waits add up to it; without one, as the operation's policy says.
 */
export const UNREACHABLE = { baseDelayMs: 1_000, maxDelayMs: 30_000 } as const;

/** How long one request has waited so far, and how long the user lets it wait for a service (--wait). */
export interface WaitBudget {
  waitedMs: number;
  patienceMs: number;
  /** How long the service has been unreachable, for every request of the run (absent: this request's waits). */
  outageMs?: number;
  /** How long every answer of the run has been a 429 (absent: not counted), and how long that may go on. */
  refusedMs?: number;
  refusalPatienceMs?: number;
}

/** What one attempt ended with: an HTTP status, or a transport failure of some kind. */
export type AttemptOutcome =
  | { status: number; retryAfter?: string | undefined }
  | { failure: 'connect' | 'lost' | 'timeout' | 'aborted' | 'unsent' };

export interface RetryDecision {
  retry: boolean;
  delayMs: number;
}

/** Seconds or an HTTP date in a Retry-After header, as milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Decides whether attempt number `attempt` (1-based) should be followed by another, and after how long. */
export function decideRetry(
  policy: RetryPolicy,
  attempt: number,
  outcome: AttemptOutcome,
  random: () => number = Math.random,
  budget: WaitBudget = { waitedMs: 0, patienceMs: 0 },
): RetryDecision {
  const stop = { retry: false, delayMs: 0 };
  if ('status' in outcome && outcome.status === 429) {
    // Never sooner than the backoff: a Retry-After of 0 repeated must not become a busy loop.
    const delayMs = Math.max(parseRetryAfter(outcome.retryAfter) ?? 0, backoff(THROTTLED, attempt, random));
    const mine = budget.waitedMs + delayMs <= Math.max(THROTTLED.minWaitMs, budget.patienceMs);
    // The run's spell of nothing but 429s is bounded by --wait, however many requests take turns waiting in it.
    const spell =
      budget.refusedMs === undefined || budget.refusedMs + delayMs <= (budget.refusalPatienceMs ?? Infinity);
    return mine && spell ? { retry: true, delayMs } : stop;
  }
  if ('failure' in outcome && outcome.failure === 'connect' && budget.patienceMs > 0) {
    const left = budget.patienceMs - (budget.outageMs ?? budget.waitedMs);
    return left > 0 ? { retry: true, delayMs: Math.min(left, backoff(UNREACHABLE, attempt, random)) } : stop;
  }
  if (attempt >= policy.attempts) return stop;
  if ('failure' in outcome) {
    // A timeout already used the whole --timeout; repeating it would multiply the wait.
    if (outcome.failure === 'timeout') return stop;
    const allowed = outcome.failure === 'connect' ? policy.onConnectError : policy.idempotent;
    return allowed ? { retry: true, delayMs: backoff(policy, attempt, random) } : stop;
  }
  if (!policy.statuses.includes(outcome.status)) return stop;
  const retryAfter = parseRetryAfter(outcome.retryAfter);
  if (retryAfter !== undefined) {
    return retryAfter > policy.maxRetryAfterMs ? stop : { retry: true, delayMs: retryAfter };
  }
  return { retry: true, delayMs: backoff(policy, attempt, random) };
}

/** Capped exponential backoff with "equal jitter": half fixed, half random, so retries never bunch at zero. */
export function backoff(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  attempt: number,
  random: () => number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
