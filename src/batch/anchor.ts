/**
 * The batch's anchor on the server, which every copy of a journal shares: before a window of rows
 * leaves, their ids are stored as an account setting (`INV_BATCH_<id>_<n>`), and a lease (host, pid,
 * time) is kept in `INV_BATCH_<id>`. A journal that knows fewer windows than the server (restored,
 * cut or copied) reads the rows of the windows it lost as in doubt, never as unsent.
 */
import { ApiError, AuthError, BatchRefusedError, InvError, NotFoundError } from '../errors.js';

/** Rows a window holds: one setting per window costs 1 request in 200 (each id is 16 characters). */
export const WINDOW_ROWS = 200;
/** A lease not renewed for this long is free: a run renews it every third of it. */
export const LEASE_MS = 60_000;

/** The account's settings, as the anchor reads and writes them. */
export interface SettingStore {
  get(key: string): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
}

interface Head {
  /** The last window stored. */
  windows: number;
  /** The writer's journal then: its last reserved window and its size. */
  reserve: number;
  bytes: number;
  host: string;
  pid: number;
  renewed: string;
  released?: boolean;
}

/** What the server holds beyond the local journal. */
export interface Recovered {
  /** Ids of rows in windows the journal does not know: they may have been sent. */
  ids: Set<string>;
  /** The last window on the server or in the journal. */
  windows: number;
}

/** Another host holds the batch's lease. */
export class LeaseHeldError extends InvError {}

/** The anchor of one batch. Disabled (the local journal alone) when the server refuses its settings. */
export class Anchor {
  private windows = 0;
  private disabled = false;
  private renewedAt = 0;
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private held = false;
  private journal: () => { reserved: number; bytes: number } = () => ({ reserved: 0, bytes: 0 });

  constructor(
    private readonly store: SettingStore,
    private readonly id: string,
    private readonly me: { host: string; pid: number },
    private readonly warn: (message: string) => Promise<void>,
  ) {}

  private get headKey(): string {
    return `INV_BATCH_${this.id}`;
  }

  /** Reads a setting; a refusal other than "not set" turns the anchor off (said once). */
  private async read(key: string): Promise<string | undefined> {
    if (this.disabled) return undefined;
    try {
      return await this.store.get(key);
    } catch (error) {
      await this.refused(error);
      return undefined;
    }
  }

  private async write(key: string, value: string): Promise<void> {
    if (this.disabled) return;
    try {
      await this.store.put(key, value);
    } catch (error) {
      await this.refused(error);
    }
  }

  private async refused(error: unknown): Promise<void> {
    const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
    if (
      !refusal &&
      !(error instanceof NotFoundError) &&
      !(error instanceof AuthError && /forbidden|403/i.test(error.message))
    )
      throw error;
    this.disabled = true;
    const why = `account setting ${this.headKey}: ${(error as Error).message}`;
    await this.warn(`the server refused the batch anchor (${why}); running on the local journal alone`);
  }

  private async head(): Promise<Head | undefined> {
    const text = await this.read(this.headKey);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as Head;
    } catch {
      return undefined;
    }
  }

  /**
   * The rows the server holds beyond the journal (its last reserved window, its size). A journal
   * behind the last writer's (fewer windows, or as many and fewer bytes) lost its end: the rows of
   * its last two windows (one may have been in flight with the next reserved) may have been sent too.
   */
  async recover(journal: { reserved: number; bytes: number }): Promise<Recovered> {
    const head = await this.head();
    const known = journal.reserved;
    const behind =
      head !== undefined && (known < head.reserve || (known === head.reserve && journal.bytes < head.bytes));
    const ids = new Set<string>();
    let windows = known;
    for (let n = behind ? Math.max(1, known - 1) : known + 1; !this.disabled; n++) {
      const value = await this.read(`${this.headKey}_${n}`);
      if (value === undefined) {
        if (n > (head?.windows ?? 0)) break;
        continue; // a window reserved in the journal's future but lost on the server: keep looking up to the head's count
      }
      for (const id of value.split(',')) if (/^[0-9a-f]{16}$/.test(id)) ids.add(id);
      windows = Math.max(windows, n);
    }
    this.windows = Math.max(windows, head?.windows ?? 0);
    return { ids, windows: this.windows };
  }

  /**
   * Takes the lease, refusing while another host (or a live process here) renewed it within LEASE_MS;
   * then renews it until `release`. `journal` tells the run's journal as it grows.
   */
  async acquire(
    journal: () => { reserved: number; bytes: number },
    processAlive: (pid: number) => boolean,
    now = Date.now(),
  ): Promise<void> {
    this.journal = journal;
    const head = await this.head();
    if (head && !head.released) {
      const age = now - Date.parse(head.renewed);
      const otherHost = head.host !== this.me.host;
      if (age < LEASE_MS && (otherHost || (head.pid !== this.me.pid && processAlive(head.pid)))) {
        const renewed = `its lease was renewed ${Math.round(age / 1000)} s ago`;
        throw new LeaseHeldError(
          `the batch is being run on ${head.host} (process ${head.pid}; ${renewed}): nothing was sent`,
          `wait for it to finish, or after ${Math.ceil((LEASE_MS - age) / 1000)} s without renewal run the same command again`,
        );
      }
      if (head.windows > this.windows)
        throw new BatchRefusedError(
          'the batch was run elsewhere since this run read its journal: nothing was sent',
          'run the same command again',
          { outcome: 'stopped' },
        );
    }
    await this.renew();
    this.held = true;
    this.timer = setInterval(() => void this.renew().catch(() => undefined), LEASE_MS / 3);
    this.timer.unref();
  }

  /** Writes the head, one write at a time (a renewal started earlier never lands after a later one). */
  private renew(released = false): Promise<void> {
    const write = async () => {
      this.renewedAt = Date.now();
      const { reserved, bytes } = this.journal();
      const head: Head = {
        windows: this.windows,
        reserve: reserved,
        bytes,
        host: this.me.host,
        pid: this.me.pid,
        renewed: new Date(this.renewedAt).toISOString(),
        ...(released ? { released } : {}),
      };
      await this.write(this.headKey, JSON.stringify(head));
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }

  /** The number of the next window. */
  next(): number {
    return ++this.windows;
  }

  /** Stores window `n` with the ids of the rows about to be sent (the journal records `n` first), then the head that counts it. */
  async reserve(n: number, ids: string[]): Promise<void> {
    await this.write(`${this.headKey}_${n}`, ids.join(','));
    await this.renew();
  }

  /** Frees the lease if this run took it (the windows stay: they are what a restored journal is checked against). */
  async release(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (!this.held) return;
    this.held = false;
    await this.renew(true).catch(() => undefined);
  }
}
