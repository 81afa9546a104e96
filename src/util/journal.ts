/**
 * An append-only journal of checksummed records (journal-records.ts), with a sync policy per kind:
 * `group` (all records made in one event-loop turn go out in one write followed by one fdatasync, and
 * each promise resolves once its record is on disk), `each` (`appendNow` writes and syncs before it
 * returns) or `none` (left to the operating system: a cache). A write that fails or falls short breaks
 * the journal: every later record is refused, and what the failed round may have left half-written is
 * cut off again, so the file holds only whole records.
 */
import {
  close as closeFd,
  constants,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  write,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { encodeRecord, type JournalRecord } from './journal-records.js';
import { ensureOwnDir } from './own-dir.js';
import { openOwnFile } from './own-path.js';

/** What a kind of journal promises and how it names a failed write. */
export interface JournalKind {
  sync: 'group' | 'each' | 'none';
  /** The error of a failed write (`cause`: the system's code or message), refused to every later record. */
  broken(path: string, cause: string): Error;
}

/** The file operations the journal uses (a seam for tests of failing disks). */
export interface JournalFile {
  write(fd: number, data: Buffer): Promise<number>;
  sync(fd: number): Promise<void>;
}

const FS: JournalFile = {
  write: (fd, data) =>
    new Promise((resolve, reject) =>
      write(fd, data, 0, data.length, null, (error, n) => (error ? reject(error) : resolve(n))),
    ),
  sync: (fd) => new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))),
};

const causeOf = (error: unknown) => String((error as NodeJS.ErrnoException).code ?? (error as Error).message);

/** An open journal, appended to by its kind's sync policy. */
export class Journal {
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing?: Promise<void>;
  /** Bytes on disk (and synced, unless the kind syncs nothing). */
  private size: number;
  private broken?: Error;
  private closing?: Promise<void>;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly kind: JournalKind,
    private readonly file: JournalFile,
  ) {
    this.size = fstatSync(fd).size;
  }

  /** Opens (creating) the journal for appending, cut back to `validBytes` when a torn tail follows them; the directory is private. */
  static open(path: string, kind: JournalKind, options: { validBytes?: number; file?: JournalFile } = {}): Journal {
    ensureOwnDir(dirname(path));
    const fd = openOwnFile(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT);
    if (options.validBytes !== undefined) ftruncateSync(fd, options.validBytes);
    return new Journal(path, fd, kind, options.file ?? FS);
  }

  /** Bytes on disk. */
  get bytes(): number {
    return this.size;
  }

  /** Appends a record about `key` (a row, say); resolves once it is written as the kind promises. */
  mark(key: string, record: JournalRecord): Promise<void> {
    return this.append(encodeRecord(key, record));
  }

  /** Appends a record about the journal's subject as a whole (key `-`). */
  note(record: JournalRecord): Promise<void> {
    return this.append(encodeRecord('-', record));
  }

  /** Writes a record and syncs it before returning (the `each` policy: a screen confirms a step only once it is kept). */
  appendNow(key: string, record: JournalRecord): void {
    if (this.broken) throw this.broken;
    if (this.closing) throw this.closed();
    const data = Buffer.from(encodeRecord(key, record));
    try {
      for (let at = 0; at < data.length;) at += this.wrote(writeSync(this.fd, data, at));
      fdatasyncSync(this.fd);
      this.size += data.length;
    } catch (error) {
      throw this.breaks(error);
    }
  }

  private append(line: string): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.closing) return Promise.reject(this.closed());
    this.pending.push(line);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.flushing ??= this.flushAll();
    return done;
  }

  /** Writes (and syncs, as the kind says) every record made before it, then closes the file; later ones are refused. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.flushing;
      await new Promise<void>((resolve) => closeFd(this.fd, () => resolve()));
    })();
    return this.closing;
  }

  /** Refused once close is called: the descriptor's number may soon belong to another file, of this run or a test. */
  private closed(): Error {
    return new Error(`${this.path}: the journal is closed`);
  }

  /**
   * Group commit: one write (and one fdatasync) for every record made so far; records made meanwhile
   * wait for the next round, so the rows in flight share a sync.
   */
  private async flushAll(): Promise<void> {
    for (;;) {
      // One turn of the event loop for the other rows in flight to add their records to this round.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.pending.length === 0) break;
      const data = Buffer.from(this.pending.join(''));
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        if (this.broken) throw this.broken;
        for (let at = 0; at < data.length;) at += this.wrote(await this.file.write(this.fd, data.subarray(at)));
        if (this.kind.sync !== 'none') await this.file.sync(this.fd);
        this.size += data.length;
      } catch (error) {
        this.breaks(error);
        for (const w of waiters) w.reject(this.broken);
        continue;
      }
      for (const w of waiters) w.resolve();
    }
    this.flushing = undefined;
  }

  private wrote(n: number): number {
    if (n <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
    return n;
  }

  /** Marks the journal broken by `error` and takes back what the failed write may have left half-written. */
  private breaks(error: unknown): Error {
    // A truncate frees space, so it works on a full disk: the file then holds only whole records.
    try {
      ftruncateSync(this.fd, this.size);
    } catch {
      // the torn tail is found and dealt with when the journal is read back
    }
    this.broken ??= this.kind.broken(this.path, causeOf(error));
    return this.broken;
  }
}
