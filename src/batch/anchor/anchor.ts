/**
 * The batch's anchor on the server, which every machine and every copy of a journal shares. Before a window of rows
 * leaves, their ids are stored as an account setting (`INV_BATCH_<key>_<gen>_<n>`); the head (`INV_BATCH_<key>`)
 * says which generation runs, who holds it, and at a clean stop which rows are not done. A journal that knows fewer
 * windows than the server (another machine, a restored or cut copy) reads the rows of the windows it lacks as the
 * head says, or in doubt, never as unsent. Why it holds without a compare-and-swap: docs/decisions.md, 13.
 */
import { nodeCrypto } from '../../util/lazy-crypto.js';
import { AnchorValueError, clearHint, parseHead, parseNotDone, parseWindow, type Head } from './head.js';
import type { AnchorStore } from './setting-store.js';
import { NOT_DONE_LISTS, noneNotDone, statesInLists, type JournalState, type NotDone } from '../journal/row-states.js';

/** Rows a window holds: one setting per window costs 1 request in 200 (each id is 16 characters). */
export const WINDOW_ROWS = 200;
/** A lease not renewed for this long is free: a run renews it every third of it. */
export const LEASE_MS = 60_000;

/** Where one generation's anchor lives: its head, its windows, and the parts of its lists of rows not done. */
export interface AnchorKeys {
  head: string;
  window(n: number): string;
  notDone(n: number): string;
  /** A batch of the version before generations (a random id): its head has no version. */
  legacy?: boolean;
}

/** The settings of generation `gen` of batch `key` (or of a batch of the earlier version, by its id). */
export function anchorKeys(batch: { key?: string; gen: number; id: string }): AnchorKeys {
  const prefix = batch.key ? `INV_BATCH_${batch.key}_${batch.gen}_` : `INV_BATCH_${batch.id}_`;
  const keys = { window: (n: number) => `${prefix}${n}`, notDone: (n: number) => `${prefix}d${n}` };
  return batch.key
    ? { head: `INV_BATCH_${batch.key}`, ...keys }
    : { head: `INV_BATCH_${batch.id}`, ...keys, legacy: true };
}

/** What the server holds beyond a journal: each row it knows of (as the head says, or in doubt), and the last window. */
export interface Recovered {
  rows: Map<string, JournalState>;
  windows: number;
}

/** How much an anchor may hold for this batch: beyond it, a value makes no sense. */
export interface AnchorBounds {
  maxWindows: number;
}

/** The bounds for an input of `rows` rows (and a journal of as many): every row reserved a hundred times over. */
export function boundsFor(rows: number): AnchorBounds {
  return { maxWindows: (Math.ceil(rows / WINDOW_ROWS) + 1) * 100 };
}

/** Reads the head and windows of one generation's anchor. */
export class AnchorReader {
  constructor(
    protected readonly store: AnchorStore,
    readonly keys: AnchorKeys,
    protected readonly bounds: AnchorBounds,
  ) {}

  /** The head: undefined when absent, 'cleared' when a person set it to be read afresh; throws when it makes no sense. */
  async head(): Promise<Head | 'cleared' | undefined> {
    const text = await this.store.get(this.keys.head, clearHint(this.keys.head));
    if (text === undefined) return undefined;
    return parseHead(this.keys.head, text, this.bounds.maxWindows, this.keys.legacy) ?? 'cleared';
  }

  /** The ids of window `n`, or undefined when it is not stored. */
  async window(n: number): Promise<string[] | undefined> {
    const key = this.keys.window(n);
    const text = await this.store.get(key, clearHint(key));
    return text === undefined ? undefined : parseWindow(key, text, WINDOW_ROWS);
  }

  /** The rows not done that a head lists, when it was written at a clean stop and lists them all (with its parts). */
  async cleanEnd(head: Head): Promise<NotDone | undefined> {
    if (head.state === 'running' || head.partial) return undefined;
    if (!head.notDoneParts) return head.notDone;
    const lists = noneNotDone();
    for (let n = 1; n <= head.notDoneParts; n++) {
      const key = this.keys.notDone(n);
      const text = await this.store.get(key, clearHint(this.keys.head));
      if (text === undefined)
        throw new AnchorValueError(key, 'a part of the rows not done is missing', clearHint(this.keys.head));
      const part = parseNotDone(key, text);
      for (const name of NOT_DONE_LISTS) lists[name].push(...part[name]);
    }
    return lists;
  }

  /**
   * The rows the server holds beyond the journal (its last window of this generation, its size). A journal behind the
   * head's writer (fewer windows, or as many and fewer bytes), or with no head to compare, lost its end: the rows of its
   * last two windows are read again (one may have been in flight while the next was reserved).
   */
  async recover(head: Head | 'cleared' | undefined, journal: { reserved: number; bytes: number }): Promise<Recovered> {
    const known = journal.reserved;
    const written = head === 'cleared' || head === undefined ? undefined : head;
    const behind = !written || known < written.reserve || (known === written.reserve && journal.bytes < written.bytes);
    const rows = new Map<string, JournalState>();
    let windows = known;
    const lists = written && (await this.cleanEnd(written));
    const stated = lists && statesInLists(lists);
    for (let n = behind ? Math.max(1, known - 1) : known + 1; !this.store.off; n++) {
      if (n > this.bounds.maxWindows)
        throw new AnchorValueError(
          this.keys.window(n),
          'more windows than this batch can have',
          clearHint(this.keys.head),
        );
      const ids = await this.window(n);
      if (ids === undefined) break;
      for (const id of ids) rows.set(id, stated ? stated(id) : 'in-doubt');
      windows = n;
    }
    return { rows, windows: Math.max(windows, written?.windows ?? 0) };
  }
}

/** A new claim's nonce: random, so that a claim read back is known to be this run's. */
export function newNonce(): string {
  return nodeCrypto().randomBytes(12).toString('hex');
}
