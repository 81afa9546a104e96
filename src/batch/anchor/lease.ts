/**
 * One run of a batch generation at a time, across machines: a lease in the anchor's head, taken by a claim that is
 * written, left to settle, and read back (settings have no compare-and-swap: of two claims made at once, both read
 * back the one written last), then verified before each renewal and each window, so a run that lost it stops before
 * sending more. Why this holds: docs/decisions.md, 13.
 */
import { InvError } from '../../errors.js';
import { AnchorReader, LEASE_MS, newNonce, type AnchorBounds, type AnchorKeys } from './anchor.js';
import { headMoved, headText, type Head } from './head.js';
import { NOT_DONE_LISTS, noneNotDone, type NotDone } from '../journal/row-states.js';
import type { AnchorStore } from './setting-store.js';

/** A claim is read back after four times what writing it took, and at least this long. */
export const SETTLE_MIN_MS = 25;

/** Who holds a batch (a run on another machine, or another process here), as a message names them. */
export interface Holder {
  host: string;
  pid: number;
  /** Seconds since it renewed its lease (undefined: a lock file on this machine). */
  age?: number;
}

/** Another run holds the batch: wait for it (`free` says when it let go), or stop naming it. */
export class BatchHeldError extends InvError {
  constructor(
    message: string,
    hint: string,
    readonly holder: Holder,
    readonly free: () => Promise<boolean>,
  ) {
    super(message, hint);
  }
}

/** The error for a batch whose lease another run holds. */
export function heldByRun(batch: string, holder: Holder, free: () => Promise<boolean>): BatchHeldError {
  const renewed = holder.age === undefined ? '' : `; its lease was renewed ${holder.age} s ago`;
  return new BatchHeldError(
    `batch "${batch}" is being run on ${holder.host} (process ${holder.pid}${renewed}): nothing was sent`,
    'run the same command again once it has finished (rows done are skipped), or give --wait 10m to wait for it',
    holder,
    free,
  );
}

/** The batch changed on the server since this run read it (another run sent rows): it is read again. */
export class BatchChangedError extends InvError {}

/** Another run took the lease over (a network split longer than the lease): this run stops before sending more. */
export class LeaseLostError extends InvError {}

/** What a run tells the lease as it goes: this machine, the clock, and how to wait. */
export interface LeaseEnv {
  host: string;
  pid: number;
  profile: string;
  now(): number;
  sleep(ms: number): Promise<void>;
  processAlive(pid: number): boolean;
}

/** The lease of one generation, held by this run from `claim` to `release`. */
export class Lease extends AnchorReader {
  private mine?: Head;
  private lost?: Head | 'cleared';
  /** A window this run was to store that another run had stored. */
  private foreign?: number;
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private journal: () => { reserved: number; bytes: number } = () => ({ reserved: 0, bytes: 0 });

  constructor(
    store: AnchorStore,
    keys: AnchorKeys,
    bounds: AnchorBounds,
    private readonly batch: string,
    private readonly env: LeaseEnv,
  ) {
    super(store, keys, bounds);
  }

  /** The holder a head names, when it is another live run: renewed within the lease, not this process, not a dead one here. */
  heldBy(head: Head | 'cleared' | undefined): Holder | undefined {
    if (!head || head === 'cleared' || head.state !== 'running') return undefined;
    const age = this.env.now() - Date.parse(head.renewed);
    if (!(age < LEASE_MS)) return undefined;
    const here = head.host === this.env.host;
    if (here && (head.pid === this.env.pid || !this.env.processAlive(head.pid))) return undefined;
    return { host: head.host, pid: head.pid, age: Math.max(0, Math.round(age / 1000)) };
  }

  /** Whether the batch is free now (its holder let go, or its lease ran out). */
  readonly free = async (): Promise<boolean> => this.heldBy(await this.head()) === undefined;

  /**
   * Takes the lease for generation `gen`, whose head read `read` when the run was prepared: throws BatchChangedError when
   * the head moved since, BatchHeldError when another run holds it or claimed it at the same moment.
   */
  async claim(read: Head | 'cleared' | undefined, gen: number, rows: number, journal: Lease['journal']): Promise<void> {
    this.journal = journal;
    if (this.store.off) return;
    const current = await this.head();
    const holder = this.heldBy(current);
    if (holder) throw heldByRun(this.batch, holder, this.free);
    if (headMoved(read, current)) throw new BatchChangedError('the batch changed on the server since it was read');
    const windows = current && current !== 'cleared' && current.gen === gen ? current.windows : 0;
    const { host, pid, profile } = this.env;
    const nonce = newNonce();
    this.mine = {
      gen,
      state: 'running',
      windows,
      rows,
      host,
      pid,
      profile,
      nonce,
      renewed: this.iso(),
      ...this.position(),
    };
    const started = performance.now();
    await this.store.put(this.keys.head, headText(this.mine));
    await this.env.sleep(Math.max(SETTLE_MIN_MS, 4 * (performance.now() - started)));
    const back = await this.head();
    if (back === undefined || back === 'cleared' || back.nonce !== this.mine.nonce) {
      this.mine = undefined;
      throw heldByRun(this.batch, this.heldBy(back) ?? { host: 'another machine', pid: 0 }, this.free);
    }
    this.timer = setInterval(() => void this.renew().catch(() => undefined), LEASE_MS / 3);
    this.timer.unref();
  }

  /**
   * Stores window `n` with the ids of the rows about to be sent, then the head that counts it, once the head still says
   * the lease is this run's; a run that lost it stops here, before the window's rows leave.
   */
  async reserve(n: number, ids: string[]): Promise<void> {
    await this.renew({ windows: n }, async () => {
      // A window of that number stored already is another run's, whose claim this one's overtook (or the reverse):
      // both stop before sending more, and the next run holds the rows of both in doubt.
      if ((await this.window(n)) !== undefined) {
        this.foreign = n;
        throw this.lostError();
      }
      await this.store.put(this.keys.window(n), ids.join(','));
    });
    this.throwIfLost();
  }

  /**
   * The windows stored beyond window `known`: those another run reserved after this run's pass one read the anchor
   * (its claim then landed after theirs); their rows may have been sent, and this run numbers its own after them.
   */
  async windowsBeyond(known: number): Promise<{ ids: string[]; windows: number }> {
    const ids: string[] = [];
    let n = known;
    while (!this.store.off && n < this.bounds.maxWindows) {
      const window = await this.window(n + 1);
      if (window === undefined) break;
      ids.push(...window);
      n++;
    }
    return { ids, windows: n };
  }

  /** Writes the head now (with the journal's position); throws LeaseLostError when another run took it. */
  readonly keep = async (): Promise<void> => (await this.renew(), this.throwIfLost());
  /** Lets go of the lease, saying how the run ended and which rows are not done (the windows stay). */
  async release(end: { state: 'stopped' | 'finished'; notDone?: NotDone; partial?: boolean }): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (!this.mine || this.lost) return;
    const { notDone, ...rest } = end;
    const count = notDone ? NOT_DONE_LISTS.reduce((n, name) => n + notDone[name].length, 0) : 0;
    if (!notDone || count <= LISTED_INLINE) {
      await this.renew({ ...rest, ...(notDone ? { notDone } : {}), ended: this.iso() });
    } else {
      // Many rows not done: in parts of their own, stored before the head that counts them.
      const parts = chunks(notDone, LISTED_PART);
      const store = async () => {
        for (const [i, part] of parts.entries()) await this.store.put(this.keys.notDone(i + 1), JSON.stringify(part));
      };
      await this.renew({ ...rest, notDoneParts: parts.length, ended: this.iso() }, store);
    }
    this.mine = undefined;
  }

  /** Writes the head again (after `before`), one write at a time, once it is checked to be still this run's. */
  private renew(update: Partial<Head> = {}, before?: () => Promise<void>): Promise<void> {
    const write = async () => {
      if (!this.mine || this.lost || this.store.off) return;
      const back = await this.head();
      if (back === undefined || back === 'cleared' || back.nonce !== this.mine.nonce) {
        this.lost = back;
        return;
      }
      await before?.();
      this.mine = { ...this.mine, ...update, renewed: this.iso(), ...this.position() };
      await this.store.put(this.keys.head, headText(this.mine));
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }

  private throwIfLost(): void {
    if (this.lost) throw this.lostError();
  }

  private lostError(): LeaseLostError {
    const who = (this.lost && this.heldBy(this.lost)) ?? { host: 'another machine', pid: 0 };
    const what = this.foreign
      ? `stored window ${this.foreign} of batch "${this.batch}"`
      : `took batch "${this.batch}" over`;
    return new LeaseLostError(
      `another run (${who.host}, process ${who.pid}) ${what}: this run stopped before sending more`,
      'check that run; then run the same command again (rows done are skipped, rows it may have sent are held in doubt)',
    );
  }

  private position(): { reserve: number; bytes: number } {
    const { reserved, bytes } = this.journal();
    return { reserve: reserved, bytes };
  }

  private iso(): string {
    return new Date(this.env.now()).toISOString();
  }
}

/** Rows not done that a head lists itself (about 6 KB); more go in parts of LISTED_PART. */
const LISTED_INLINE = 300;
const LISTED_PART = 400;

/** The lists cut into parts of at most `size` rows, each part with every list (some empty). */
function chunks(lists: NotDone, size: number): NotDone[] {
  const all = NOT_DONE_LISTS.flatMap((name) => lists[name].map((id) => [name, id] as const));
  const parts: NotDone[] = [];
  for (let at = 0; at < all.length; at += size) {
    const part = noneNotDone();
    for (const [name, id] of all.slice(at, at + size)) part[name].push(id);
    parts.push(part);
  }
  return parts;
}
