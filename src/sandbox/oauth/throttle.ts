/** Per-user throttling of password checks: after a few failures, every attempt waits, the right password too. */

/** Failures allowed before the first wait. */
const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;

/** Thrown while a user is throttled; `retryAfterS` is when to try again. */
export class Throttled extends Error {
  constructor(readonly retryAfterS: number) {
    super(`too many failed sign-ins for this user: try again in ${retryAfterS} s`);
  }
}

export class LoginThrottle {
  private readonly users = new Map<string, { failures: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws Throttled while `user` must wait. */
  check(user: string): void {
    const entry = this.users.get(user.toLowerCase());
    const left = entry ? entry.until - this.now() : 0;
    if (left > 0) throw new Throttled(Math.ceil(left / 1000));
  }

  /** Records the outcome of one password check. */
  record(user: string, ok: boolean): void {
    const key = user.toLowerCase();
    if (ok) {
      this.users.delete(key);
      return;
    }
    const entry = this.users.get(key) ?? { failures: 0, until: 0 };
    entry.failures++;
    if (entry.failures >= FREE_FAILURES) {
      entry.until = this.now() + Math.min(FIRST_WAIT_MS * 2 ** (entry.failures - FREE_FAILURES), LONGEST_WAIT_MS);
    }
    this.users.set(key, entry);
  }
}
