/** Counts of requests a sandbox server received, so tests can assert what was (not) sent. */

export class RequestStats {
  private readonly counts = new Map<string, number>();

  /** Records one request. */
  record(method: string, path: string): void {
    const key = `${method} ${path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Requests whose path starts with `prefix` (and of `method`, when given). */
  count(prefix = '/', method?: string): number {
    let total = 0;
    for (const [key, n] of this.counts) {
      const [m, path] = key.split(' ', 2) as [string, string];
      if ((!method || m === method) && path.startsWith(prefix)) total += n;
    }
    return total;
  }

  /** Every count, keyed "METHOD /path". */
  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}
