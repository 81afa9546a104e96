/**
 * A batch's requests through the pacer to a simulated server, in simulated time: workers sending as the batch does
 * (eight in flight, a few requests one at a time first as its anchor sends them), retrying 429s as the retry hook does.
 */
import { Pacer } from '../../src/http/pacer.js';
import { backoff, THROTTLED } from '../../src/http/retry.js';

export interface SimServer {
  /** The answer to a request arriving at `t` (ms): a status and headers. */
  answer(t: number): { status: number; headers: Record<string, string> };
}

/** A token bucket of `rate` per second holding `burst`, as a rate limiter in front of an API keeps one. */
export function bucket(rate: number, burst: number, retryAfter: boolean, stated = false): SimServer {
  let tokens = burst;
  let last = 0;
  return {
    answer(t) {
      tokens = Math.min(burst, tokens + ((t - last) * rate) / 1000);
      last = t;
      const headers: Record<string, string> = stated ? { 'x-amzn-ratelimit-limit': String(rate) } : {};
      if (tokens >= 1) {
        tokens -= 1;
        return { status: 200, headers };
      }
      if (retryAfter) headers['retry-after'] = String(Math.max(1, Math.ceil((1 - tokens) / rate)));
      return { status: 429, headers };
    },
  };
}

/** A server that answers its `n`th request 429 with Retry-After: 1, and every other one 200. */
export function refusingOnly(n: number): SimServer {
  let answers = 0;
  return {
    answer: () => {
      const headers: Record<string, string> = ++answers === n ? { 'retry-after': '1' } : {};
      return { status: answers === n ? 429 : 200, headers };
    },
  };
}

/** A server without a limit that answers `share` of its requests 429 at random (Retry-After: `retryAfter` s when given). */
export function randomRefusals(share: number, seed: number, retryAfter?: number): SimServer {
  const rand = lcg(seed);
  return {
    answer: () => {
      const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
      return rand() >= share ? { status: 200, headers: {} } : { status: 429, headers };
    },
  };
}

/** A server that sends `first` its answers until `switchAt` (ms), and `then` its answers after. */
export function changing(first: SimServer, switchAt: number, then: SimServer): SimServer {
  return { answer: (t) => (t < switchAt ? first : then).answer(t) };
}

export interface SimOptions {
  seed?: number;
  /** Told each line the pacer logs, with the time and the rows done. */
  log?: (line: string) => void;
  /** Milliseconds from sending a request to its answer, by the time it leaves (default 2). */
  latency?: (t: number) => number;
  /** Requests sent one at a time before the rows (a batch's anchor: whoami, reading and writing its settings). */
  sequential?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Up to this many milliseconds between a request's slot and its arrival, drawn afresh for each (a busy machine). */
  jitter?: number;
  /** The pacer, made on the simulation's clock; `null`: none at all (each request waits out its own 429s only). */
  pacer?: ((now: () => number, log: (line: string) => void) => Pacer) | null;
}

export interface SimResult {
  seconds: number;
  /** Share of requests sent that were answered 429. */
  throttledShare: number;
  throttled: number;
  /** The pacer, to read what it learnt. */
  pacer: Pacer | undefined;
}

/** A deterministic random number generator (Park-Miller) from a seed. */
export function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

/** Sends `sequential` requests one at a time, then `rows` through `pacer`, retrying 429s; returns what it took. */
export function simulate(server: SimServer, rows: number, options: SimOptions = {}): SimResult {
  const { seed = 1, latency = () => 2, sequential = 0, concurrency = 8, jitter = 0 } = options;
  let now = 0;
  const rand = lcg(seed);
  const say = (line: string) => options.log?.(`${(now / 1000).toFixed(2)} ${line} (${done} done)`);
  const clock = () => now;
  const pacer =
    options.pacer === null ? undefined : (options.pacer ?? ((c, l) => new Pacer({ now: c, onPause: l })))(clock, say);
  const total = sequential + rows;
  // Each worker's next event: when it asks for a slot, or when its answer comes.
  const workers = Array.from({ length: concurrency }, (_, index) => ({
    index,
    at: 0,
    phase: 'ask' as 'ask' | 'wait' | 'answer',
    sentAt: 0,
    deal: 0,
    waited: false,
    attempt: 1,
    busy: false,
  }));
  let next = 0;
  let done = 0;
  let throttled = 0;
  let sent = 0;
  // A worker takes a new row when there is one, and during the sequential requests only the first worker does.
  const free = (w: (typeof workers)[0]) => next < total && (next < sequential ? w.index === 0 && done === next : true);
  while (done < total) {
    const w = workers.filter((x) => x.busy || free(x)).sort((a, b) => a.at - b.at)[0]!;
    now = Math.max(now, w.at);
    if (w.phase === 'ask') {
      if (!w.busy) {
        w.busy = true;
        w.attempt = 1;
        next++;
      }
      w.deal = pacer?.deals ?? 0;
      const wait = pacer?.delay() ?? 0;
      w.waited = wait > 0;
      w.phase = 'wait';
      w.at = now + wait;
    } else if (w.phase === 'wait') {
      if (pacer && w.waited && pacer.deals !== w.deal) w.phase = 'ask';
      else {
        w.sentAt = now;
        w.phase = 'answer';
        w.at = now + latency(now);
        sent++;
      }
    } else {
      const { status, headers } = server.answer(w.sentAt + (jitter > 0 ? rand() * jitter : 0));
      pacer?.answered(w.sentAt, status, headers);
      if (status === 429) {
        throttled++;
        const ra = headers['retry-after'] ? Number(headers['retry-after']) * 1000 : 0;
        const delay = Math.max(ra, backoff(THROTTLED, w.attempt++, rand));
        if (ra) pacer?.pause(delay, 'rate limited', true);
        w.phase = 'ask';
        w.at = now + delay;
      } else {
        done++;
        w.busy = false;
        w.phase = 'ask';
        w.at = now;
      }
    }
  }
  return { seconds: now / 1000, throttledShare: throttled / sent, throttled, pacer };
}
