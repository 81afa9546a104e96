/**
 * The account's register of the batches a new input may belong to (`INV_BATCHES_<account>`): those unfinished, and
 * those finished within the last 12 hours. A machine that never ran one finds it here, and compares the input with the
 * rows its windows hold (a fixed failed row, rows added, an edited copy).
 */
import { open } from '../identity/choose.js';
import { AnchorValueError, clearHint, CLEARED, parsed } from './head.js';
import { SETTLE_MIN_MS } from './lease.js';
import type { AnchorStore } from './setting-store.js';

/** Entries kept (the newest): a setting holds about 10 KB. */
const MAX_ENTRIES = 120;
const TRIES = 4;

export interface RegistryEntry {
  key: string;
  gen: number;
  kind: string;
  finished: boolean;
  /** When it last ran (ms). */
  at: number;
  /** How many rows it applied or may have (the windows' ids less those it lists as not done). */
  applied: number;
}

type Stored = [string, number, string, 'u' | 'f', number, number];

/** The setting of the account's register. */
export function registryKey(account: string): string {
  return `INV_BATCHES_${account.slice(0, 16)}`;
}

/** The entries a register holds; throws AnchorValueError for a value inv cannot have written. */
export function parseRegistry(setting: string, text: string): RegistryEntry[] {
  if (text.trim() === CLEARED) return [];
  const value = parsed(setting, text);
  const bad = (why: string) => new AnchorValueError(setting, why, clearHint(setting));
  if (!Array.isArray(value) || value.length > MAX_ENTRIES * 2) throw bad('not a list of batches');
  return value.map((item: unknown, i) => {
    const [key, gen, kind, state, at, applied] = (Array.isArray(item) ? item : []) as unknown[];
    const whole = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;
    const valid =
      Array.isArray(item) &&
      item.length === 6 &&
      typeof key === 'string' &&
      /^[0-9a-f]{20}$/.test(key) &&
      whole(gen, 1_000_000) &&
      (gen as number) > 0 &&
      typeof kind === 'string' &&
      /^[a-z]{1,16}$/.test(kind) &&
      (state === 'u' || state === 'f') &&
      whole(at, 2 ** 40) &&
      whole(applied, 1e9);
    if (!valid) throw bad(`entry ${i + 1} is not [key, generation, kind, state, time, rows]`);
    return { key, gen, kind, finished: state === 'f', at: (at as number) * 1000, applied } as RegistryEntry;
  });
}

/** The account's register, read and updated by the runs of its batches. */
export class Registry {
  constructor(
    private readonly store: AnchorStore,
    private readonly setting: string,
    private readonly clock: { now(): number; sleep(ms: number): Promise<void> },
  ) {}

  /** The batches of the register an input may still belong to: unfinished, or finished within the last 12 hours. */
  async entries(): Promise<RegistryEntry[]> {
    const text = await this.store.get(this.setting, clearHint(this.setting));
    const now = this.clock.now();
    return text === undefined ? [] : parseRegistry(this.setting, text).filter((e) => open(e, now));
  }

  /**
   * Records a batch's state (added, or replaced by key); written, left to settle and read back, and written again when
   * a write of another machine's hid it (up to four times; a register that stays out of step is said once).
   */
  async record(entry: RegistryEntry, warn: (message: string) => Promise<void>): Promise<void> {
    const same = (e: RegistryEntry) => e.key === entry.key && e.gen === entry.gen && e.finished === entry.finished;
    for (let attempt = 1; attempt <= TRIES && !this.store.off; attempt++) {
      const others = (await this.entries()).filter((e) => e.key !== entry.key);
      const kept = [entry, ...others].sort((a, b) => Number(a.finished) - Number(b.finished) || b.at - a.at);
      const started = performance.now();
      await this.store.put(this.setting, JSON.stringify(kept.slice(0, MAX_ENTRIES).map(stored)));
      // Settled as a lease's claim is, with a random part that grows: two machines that collided try apart.
      const settle = Math.max(SETTLE_MIN_MS, 4 * (performance.now() - started));
      await this.clock.sleep(settle + Math.floor(Math.random() * SETTLE_MIN_MS * attempt));
      if ((await this.entries()).some(same)) return;
    }
    if (!this.store.off) await warn(`account setting ${this.setting} could not be brought up to date; carrying on`);
  }
}

function stored(e: RegistryEntry): Stored {
  return [e.key, e.gen, e.kind, e.finished ? 'f' : 'u', Math.floor(e.at / 1000), e.applied];
}
