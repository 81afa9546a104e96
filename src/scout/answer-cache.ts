/** The research answers a scout run reuses: its own, while young enough, and those the store kept from earlier runs. */
import type { AnswerStore } from './answers.js';

/** How long answers are reused within a session, unless told otherwise. */
const ANSWER_TTL_MS = 10 * 60_000;

/** Where answers are kept between runs and how old they may be. */
export interface AnswerPolicy {
  store?: AnswerStore;
  maxAgeMs: number;
  /** Ask everything again (answers of this run are still shared). */
  refresh: boolean;
}

/** What one scan asked the server for, and the time of the oldest answer it took from the store. */
export interface ScanTrace {
  asked: number;
  oldest?: number;
}

/** An answer in memory: `asking` while its request is out, `by` the scan that asked it (none: kept from an earlier run). */
interface CachedAnswer {
  at: number;
  value: Promise<unknown>;
  asking: boolean;
  by?: ScanTrace;
}

/** Tells `trace` it took an answer kept from an earlier run, made at `at`. */
function tookKept(trace: ScanTrace, at: number): void {
  trace.oldest = Math.min(trace.oldest ?? at, at);
}

/** Answers by key (`offers:<asin>`, `fees:<asin>:<price>`), asked once and shared as the policy allows. */
export class AnswerCache {
  private readonly cache = new Map<string, CachedAnswer>();

  constructor(
    private readonly now: () => number,
    private readonly policy: AnswerPolicy = { maxAgeMs: ANSWER_TTL_MS, refresh: false },
  ) {}

  /**
   * The answer under `key`: from this run while younger than the max age (whatever its age, to the scan that asked it
   * and while its request is out), else from the store (unless refreshing), else asked; answers are stored, failures
   * are not kept.
   */
  get<T>(key: string, ask: () => Promise<T>, trace: ScanTrace): Promise<T> {
    const { store, maxAgeMs, refresh } = this.policy;
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && (hit.asking || hit.by === trace || now - hit.at < maxAgeMs)) {
      if (!hit.by) tookKept(trace, hit.at);
      return hit.value as Promise<T>;
    }
    const kept = refresh ? undefined : store?.get(key);
    if (kept && now - kept.at < maxAgeMs) {
      this.cache.set(key, { at: kept.at, value: Promise.resolve(kept.value), asking: false });
      tookKept(trace, kept.at);
      return Promise.resolve(kept.value as T);
    }
    trace.asked++;
    const value = ask();
    const entry: CachedAnswer = { at: now, value, asking: true, by: trace };
    this.cache.set(key, entry);
    value.then(
      (answer) => {
        entry.asking = false;
        store?.put(key, { at: now, value: answer });
      },
      () => this.cache.delete(key),
    );
    return value;
  }
}
