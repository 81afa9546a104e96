/** Fault injection for tests and rehearsals: latency, a random rate of 500s, and queued one-off faults. */
import { HttpFail } from './reply.js';

/** Answers of the live research API seen on success statuses: 200 with an `Error` body, or 200 without payload. */
export const SUCCESS_FAULTS = ['error-body', 'no-payload'] as const;

export interface FaultRule {
  /**
   * HTTP status to answer with (e.g. 503, 429); "drop" to apply the request and then drop the connection;
   * "error-body" or "no-payload" to answer 200 with an error body, or with nothing but the answer's metadata;
   * "garble" to apply the request and answer 200 with a cut body.
   */
  status: number | 'drop' | 'garble' | (typeof SUCCESS_FAULTS)[number];
  /** The message of an "error-body" answer. */
  message?: string;
  /** How many matching requests it hits. */
  times: number;
  /** How many matching requests it lets through before it hits any (a service that fails part way through a batch). */
  after?: number;
  /** Only requests whose path starts with this. */
  path?: string;
  /** Only this method. */
  method?: string;
  /** Retry-After seconds sent with the status. */
  retryAfter?: number;
  /** Apply the request, then answer with `status` (a server that fails after the change was made). */
  afterApply?: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** A fault rule from a control request, checked field by field; anything else is a 400 naming the field. */
export function parseFaultRule(input: unknown): FaultRule {
  const fail = (field: string, rule: string) => new HttpFail(400, `fault rule: ${field} ${rule}`);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw fail('body', 'must be a JSON object');
  const {
    status,
    message,
    times = 1,
    after,
    path,
    method,
    retryAfter,
    afterApply,
    ...rest
  } = input as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length)
    throw fail(
      unknown[0]!,
      'is not a field of a fault rule (status, message, times, after, path, method, retryAfter, afterApply)',
    );
  const named = status === 'drop' || status === 'garble' || (SUCCESS_FAULTS as readonly unknown[]).includes(status);
  if (!named && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) {
    throw fail(
      'status',
      `must be an HTTP error status (400-599) or one of "drop", "garble", ${SUCCESS_FAULTS.map((k) => `"${k}"`).join(', ')}`,
    );
  }
  if (message !== undefined && (typeof message !== 'string' || message.length > 1000))
    throw fail('message', 'must be a text of at most 1000 characters');
  if (!Number.isInteger(times) || (times as number) < 1 || (times as number) > 1_000_000)
    throw fail('times', 'must be a whole number from 1 to 1000000');
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 1_000_000;
  if (after !== undefined && !count(after)) throw fail('after', 'must be a whole number from 0 to 1000000');
  if (path !== undefined && (typeof path !== 'string' || !/^\/[\x21-\x7e]*$/.test(path)))
    throw fail('path', 'must be a path starting with /');
  if (method !== undefined && !METHODS.includes(method as string))
    throw fail('method', `must be one of ${METHODS.join(', ')}`);
  if (
    retryAfter !== undefined &&
    !(Number.isInteger(retryAfter) && (retryAfter as number) >= 0 && (retryAfter as number) <= 86_400)
  )
    throw fail('retryAfter', 'must be a whole number of seconds from 0 to 86400');
  if (afterApply !== undefined && typeof afterApply !== 'boolean') throw fail('afterApply', 'must be true or false');
  return {
    status: status as FaultRule['status'],
    times: times as number,
    ...(after ? { after: after as number } : {}),
    ...(message !== undefined ? { message: message as string } : {}),
    ...(path !== undefined ? { path: path as string } : {}),
    ...(method !== undefined ? { method: method as string } : {}),
    ...(retryAfter !== undefined ? { retryAfter: retryAfter as number } : {}),
    ...(afterApply ? { afterApply: true } : {}),
  };
}

export interface FaultSettings {
  latencyMs: number;
  /** Up to this many milliseconds more, drawn afresh for each request, so that answers overtake each other. */
  latencyJitterMs?: number;
  /** Share of requests (0..1) answered with `failStatus` before anything is applied. */
  failRate: number;
  /** The status of those answers (default 500; 429 for rate limiting). */
  failStatus?: number;
  /** Retry-After seconds sent with them. */
  retryAfter?: number;
  /** Share of requests (0..1) applied and then left without an answer (the connection dropped). */
  dropRate?: number;
}

/** Requests held after they were received, until released (for crash tests). */
export interface Hold {
  /** Requests held now. */
  readonly held: number;
  /** Lets every held request (and later ones) through. */
  release(): void;
}

/** Holds the fault settings and queued rules of one sandbox server. */
export class Faults {
  private rules: FaultRule[] = [];
  private holds: Array<{ path: string; waiting: Array<() => void>; released: boolean }> = [];

  constructor(
    public settings: FaultSettings = { latencyMs: 0, failRate: 0 },
    private readonly random: () => number = Math.random,
  ) {}

  /** Queues a rule; it hits the next `times` matching requests (after letting `after` of them through). */
  add(rule: FaultRule): void {
    if (!Number.isInteger(rule.times) || rule.times < 1) throw new Error('times must be a positive integer');
    this.rules.push({ ...rule });
  }

  /** Removes every queued rule and resets the settings. */
  clear(): void {
    this.rules = [];
    this.settings = { latencyMs: 0, failRate: 0 };
    for (const hold of this.holds) for (const resume of hold.waiting.splice(0)) resume();
    this.holds = [];
  }

  /** The fault for this request, if any, consuming one use of a queued rule. */
  take(method: string, path: string): FaultRule | undefined {
    const index = this.rules.findIndex(
      (r) => (!r.method || r.method === method) && (!r.path || path.startsWith(r.path)),
    );
    const rule = this.rules[index];
    if (rule?.after) rule.after--;
    else if (rule) {
      if (--rule.times === 0) this.rules.splice(index, 1);
      return rule;
    }
    if ((this.settings.dropRate ?? 0) > 0 && this.random() < this.settings.dropRate!)
      return { status: 'drop', times: 1 };
    if (this.settings.failRate > 0 && this.random() < this.settings.failRate) {
      return { status: this.settings.failStatus ?? 500, times: 1, retryAfter: this.settings.retryAfter };
    }
    return undefined;
  }

  /** How long to hold this request before answering: the latency plus its jitter. */
  delayMs(): number {
    const jitter = this.settings.latencyJitterMs ?? 0;
    return this.settings.latencyMs + (jitter > 0 ? Math.floor(this.random() * (jitter + 1)) : 0);
  }

  /** Holds requests to paths starting with `path` once received, until `release()`. */
  hold(path: string): Hold {
    const entry = { path, waiting: [] as Array<() => void>, released: false };
    this.holds.push(entry);
    return {
      get held() {
        return entry.waiting.length;
      },
      release: () => {
        entry.released = true;
        this.holds = this.holds.filter((h) => h !== entry);
        for (const resume of entry.waiting.splice(0)) resume();
      },
    };
  }

  /** Waits while a hold covers this path. */
  async gate(path: string): Promise<void> {
    const entry = this.holds.find((h) => !h.released && path.startsWith(h.path));
    if (entry) await new Promise<void>((resolve) => entry.waiting.push(resolve));
  }
}
