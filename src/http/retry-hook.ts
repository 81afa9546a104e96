/** The hook that repeats an attempt as its request's retry policy allows. */
import { decideRetry, type AttemptOutcome } from './retry.js';
import { TransportError, type Hook, type HttpResponse } from './types.js';

/** Sleeps `ms`, or rejects early when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new TransportError('aborted', 'aborted', new URL('about:blank')));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new TransportError('aborted', 'aborted', new URL('about:blank')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retries per `request.retry`; `onRetry` is told of each wait (for --verbose). */
export function retryHook(options: { signal?: AbortSignal; onRetry?: (message: string) => void; random?: () => number } = {}): Hook {
  return async (req, next) => {
    for (let attempt = 1; ; attempt++) {
      let outcome: AttemptOutcome;
      let response: HttpResponse | undefined;
      let failure: TransportError | undefined;
      try {
        response = await next(req);
        outcome = { status: response.status, retryAfter: response.headers['retry-after'] };
      } catch (error) {
        if (!(error instanceof TransportError) || error.kind === 'aborted') throw error;
        failure = error;
        outcome = { failure: error.kind };
      }
      const decision = decideRetry(req.retry, attempt, outcome, options.random);
      if (!decision.retry) {
        if (failure) {
          if (attempt === 1) throw failure;
          throw new TransportError(`${failure.message}, after ${attempt} attempts`, failure.kind, failure.url);
        }
        return { ...response!, attempts: attempt };
      }
      const why = failure ? failure.message : `HTTP ${response!.status}`;
      options.onRetry?.(`${req.operation}: ${why}; retry ${attempt}/${req.retry.attempts - 1} in ${decision.delayMs} ms`);
      await sleep(decision.delayMs, options.signal);
    }
  };
}
