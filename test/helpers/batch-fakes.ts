/** Fakes for the batch engine's unit tests: row ids, known batches and a settings store in memory. */
import type { Known } from '../../src/batch/identity/choose.js';
import type { SettingStore } from '../../src/batch/anchor/setting-store.js';
import { SortedIds } from '../../src/batch/identity/sorted-ids.js';

/** The row id numbered `n`, as 16 hex digits. */
export const hex = (n: number) => n.toString(16).padStart(16, '0');
/** The row ids numbered `from` up to (not including) `to`. */
export const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => hex(from + i));

/** An input's row ids, sealed as the engine holds them. */
export function input(list: string[]): SortedIds {
  const set = new SortedIds();
  for (const id of list) set.addHex(id);
  return set.seal();
}

export const NOW = Date.parse('2026-11-29T03:00:00Z');
export const HOUR = 3_600_000;
/** How an unnamed batch run without `--again` is chosen, at NOW. */
export const unnamed = { named: false, again: false, now: NOW };

/** A batch this machine knows, named `name`, that applied `applied`. */
export function known(name: string, applied: string[], finished: boolean, at = NOW - HOUR): Known {
  return {
    id: `${name}-1`,
    key: name.padEnd(20, '0'),
    gen: 1,
    name,
    named: false,
    finished,
    at,
    applied: Buffer.from(applied.join(''), 'hex'),
  };
}

/**
 * Settings in memory, each read and write `delay` ms late (at once without it, so fake timers hold); `refuse` answers every call with that error, or the calls
 * on the keys it returns an error for.
 */
export function memoryStore(
  options: { refuse?: Error | ((key: string) => Error | undefined); delay?: number } = {},
): SettingStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const later = async () => {
    if (options.delay !== undefined) await new Promise((resolve) => setTimeout(resolve, options.delay));
  };
  const refusal = (key: string) => (typeof options.refuse === 'function' ? options.refuse(key) : options.refuse);
  return {
    data,
    get: async (key) => {
      await later();
      const error = refusal(key);
      if (error) throw error;
      return data.get(key);
    },
    put: async (key, value) => {
      await later();
      const error = refusal(key);
      if (error) throw error;
      data.set(key, value);
    },
  };
}

/** A `say` that says nothing. */
export const quiet = async () => undefined;
