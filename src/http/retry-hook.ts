/** The hook that repeats an attempt as its request's retry policy allows. */
import { decideRetry, parseRetryAfter, type AttemptOutcome } from './retry.js';
import { TransportError, type Hook, type HttpRequest, type HttpResponse, type Send } from './http-types.js';

/**
 * Sleeps `ms` before a request is sent (again), or rejects early when the signal aborts: the request then never left,
 * whatever the attempts before it were answered (a 429, a refused connection: nothing was done).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  const unsent = () => new TransportError('stopped before it was sent', 'unsent', new URL('about:blank'));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(unsent());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(unsent());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * How long the service has been unreachable, shared by every request of a run: `--wait` bounds the outage as a whole,
 * not each request (a lease renewal waiting its own --wait after the batch's had run out kept a run alive for an hour).
 */
export class Outage {
  private since: number | undefined;
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Notes a connection that could not be opened; returns how long the outage has lasted. */
  failed(): number {
    this.since ??= this.now();
    return this.now() - this.since;
  }

  /** Notes an answer: the service is reachable again. */
  answered(): void {
    this.since = undefined;
  }
}

/**
 * How long every answer has been a 429, shared by every request of a run: a spell starts at the first 429 and ends at
 * any other answer, or when no request is waiting out a 429 any more (a scan typed minutes after the last one refused
 * starts a spell of its own). `--wait` bounds the spell, not each request: 429s at random never make one, and a
 * service that refuses everything is given up on within --wait however many requests are waiting.
 */
export class Refusals {
  private since: number | undefined;
  private waiting = 0;
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Notes a 429 to a request (`first`: its first one, so it now waits in the spell); returns how long the spell lasted. */
  refused(first: boolean): number {
    if (first) this.waiting++;
    this.since ??= this.now();
    return this.now() - this.since;
  }

  /** Notes an answer other than a 429: the service lets requests through again. */
  answered(): void {
    this.since = undefined;
  }

  /** A request that had been refused is done (answered, given up or stopped). */
  left(): void {
    if (--this.waiting <= 0) [this.waiting, this.since] = [0, undefined];
  }
}

export interface RetryHookOptions {
  signal?: AbortSignal;
  /** Told of each wait (for --verbose). */
  onRetry?: (message: string) => void;
  random?: () => number;
  /** How long a request may wait for a service that cannot be reached (--wait); 0: as its policy says. */
  patienceMs?: number;
  /**
   * Told of a wait that concerns every request to the service, not only this one: a Retry-After (`after429`), or the
   * service unreachable. A batch pauses all its requests for it.
   */
  onPause?: (delayMs: number, message: string, after429: boolean) => void;
  /** The run's outage clock (absent: each request measures its own waits). */
  outage?: Outage;
  /** The run's spell of 429s, and how long it may last (--wait, else the command's default); absent: unbounded. */
  refusals?: Refusals;
  refusalPatienceMs?: number;
}

/** Retries per `request.retry`, a 429 for every operation, and a service that cannot be reached as --wait allows. */
export function retryHook(options: RetryHookOptions = {}): Hook {
  return async (req, next) => {
    let refused = false;
    try {
      return await attempts(req, next, options, () => {
        const first = !refused;
        refused = true;
        return options.refusals?.refused(first);
      });
    } finally {
      if (refused) options.refusals?.left();
    }
  };
}

/** Sends `req` until its retry policy, the run's outage and its spell of 429s say to stop; `refused` notes each 429. */
async function attempts(
  req: HttpRequest,
  next: Send,
  options: RetryHookOptions,
  refused: () => number | undefined,
): Promise<HttpResponse> {
  let waitedMs = 0;
  for (let attempt = 1; ; attempt++) {
    let outcome: AttemptOutcome;
    let response: HttpResponse | undefined;
    let failure: TransportError | undefined;
    try {
      response = await next(req);
      outcome = { status: response.status, retryAfter: response.headers['retry-after'] };
    } catch (error) {
      if (!(error instanceof TransportError) || error.kind === 'aborted' || error.kind === 'unsent') throw error;
      failure = error;
      outcome = { failure: error.kind };
    }
    if (response) options.outage?.answered();
    if (response && response.status !== 429) options.refusals?.answered();
    const refusedMs = response?.status === 429 ? refused() : undefined;
    const outageMs = failure?.kind === 'connect' ? options.outage?.failed() : undefined;
    const decision = decideRetry(req.retry, attempt, outcome, options.random, {
      waitedMs,
      patienceMs: options.patienceMs ?? 0,
      outageMs,
      refusedMs,
      refusalPatienceMs: options.refusalPatienceMs,
    });
    if (!decision.retry) {
      if (failure) {
        if (attempt === 1) throw failure;
        throw new TransportError(`${failure.message}, after ${attempt} attempts`, failure.kind, failure.url);
      }
      return { ...response!, attempts: attempt };
    }
    const why = failure ? failure.message : `HTTP ${response!.status}`;
    options.onRetry?.(`${req.operation}: ${why}; retry ${attempt} in ${decision.delayMs} ms`);
    const seconds = Math.ceil(decision.delayMs / 1000);
    if (failure?.kind === 'connect')
      options.onPause?.(
        decision.delayMs,
        `service unreachable: retry ${attempt} in ${seconds} s (${failure.message})`,
        false,
      );
    // A Retry-After of 0 asks for no pause: only this request waits its backoff.
    else if (response?.status === 429 && (parseRetryAfter(response.headers['retry-after']) ?? 0) > 0)
      options.onPause?.(decision.delayMs, `rate limited: waiting ${seconds} s`, true);
    waitedMs += decision.delayMs;
    await sleep(decision.delayMs, options.signal);
  }
}
