/** The hook that repeats an attempt as its request's retry policy allows. */
import { decideRetry, parseRetryAfter, type AttemptOutcome } from './retry.js';
import { TransportError, type Hook, type HttpResponse } from './http-types.js';

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
}

/** Retries per `request.retry`, a 429 for every operation, and a service that cannot be reached as --wait allows. */
export function retryHook(options: RetryHookOptions = {}): Hook {
  return async (req, next) => {
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
      const outageMs = failure?.kind === 'connect' ? options.outage?.failed() : undefined;
      const decision = decideRetry(req.retry, attempt, outcome, options.random, {
        waitedMs,
        patienceMs: options.patienceMs ?? 0,
        outageMs,
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
  };
}
