/** Fault injection for tests and rehearsals: latency, a random rate of 500s, and queued one-off faults. */

export interface FaultRule {
  /** HTTP status to answer with (e.g. 503, 429), or "drop" to apply the request and then drop the connection. */
  status: number | 'drop';
  /** How many matching requests it hits. */
  times: number;
  /** Only requests whose path starts with this. */
  path?: string;
  /** Only this method. */
  method?: string;
  /** Retry-After seconds sent with the status. */
  retryAfter?: number;
}

export interface FaultSettings {
  latencyMs: number;
  /** Share of requests (0..1) answered 500 before anything is applied. */
  failRate: number;
}

/** Holds the fault settings and queued rules of one sandbox server. */
export class Faults {
  private rules: FaultRule[] = [];

  constructor(
    public settings: FaultSettings = { latencyMs: 0, failRate: 0 },
    private readonly random: () => number = Math.random,
  ) {}

  /** Queues a rule; it hits the next `times` matching requests. */
  add(rule: FaultRule): void {
    if (!Number.isInteger(rule.times) || rule.times < 1) throw new Error('times must be a positive integer');
    this.rules.push({ ...rule });
  }

  /** Removes every queued rule and resets the settings. */
  clear(): void {
    this.rules = [];
    this.settings = { latencyMs: 0, failRate: 0 };
  }

  /** The fault for this request, if any, consuming one use of a queued rule. */
  take(method: string, path: string): FaultRule | undefined {
    const index = this.rules.findIndex((r) => (!r.method || r.method === method) && (!r.path || path.startsWith(r.path)));
    if (index >= 0) {
      const rule = this.rules[index]!;
      if (--rule.times === 0) this.rules.splice(index, 1);
      return rule;
    }
    if (this.settings.failRate > 0 && this.random() < this.settings.failRate) return { status: 500, times: 1 };
    return undefined;
  }
}
