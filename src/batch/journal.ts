/**
 * The journal of a batch: one checksummed record a line, `CRC ROW JSON`, where CRC is the crc32 of
 * the rest and ROW the row's id (`-` for records about the batch). Marks are written in groups (all
 * marks made in one event-loop turn go out in one write followed by one fdatasync), and a row's
 * `sent` mark is on disk before its request leaves. A write that fails or falls short breaks the
 * journal: every later mark is refused, so no request leaves without its mark.
 */
import { close as closeFd, fdatasync, fstatSync, ftruncateSync, openSync, write } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { InvError } from '../errors.js';
import type { JournalRecord } from './journal-read.js';

/** The journal could not be written: the batch stops before another request leaves. */
export class JournalWriteError extends InvError {}

/** The file operations the journal uses (a seam for tests of failing disks). */
export interface JournalFile {
  write(fd: number, data: Buffer): Promise<number>;
  sync(fd: number): Promise<void>;
}

const FS: JournalFile = {
  write: (fd, data) => new Promise((resolve, reject) => write(fd, data, 0, data.length, null, (error, n) => (error ? reject(error) : resolve(n)))),
  sync: (fd) => new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))),
};

/** One journal line for a record about `row` (or the batch, `-`). */
export function encodeRecord(row: string, record: JournalRecord): string {
  const body = `${row} ${JSON.stringify(record)}`;
  return `${crc32(body).toString(16).padStart(8, '0')} ${body}\n`;
}

/** An open journal, appended to in synced groups. */
export class Journal {
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing?: Promise<void>;
  /** Bytes on disk and synced. */
  private size: number;
  private broken?: JournalWriteError;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly file: JournalFile,
  ) {
    this.size = fstatSync(fd).size;
  }

  /** Opens (creating) the journal for appending, cut back to `validBytes` when a torn tail follows them; the directory is private. */
  static async open(path: string, options: { validBytes?: number; file?: JournalFile } = {}): Promise<Journal> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(path, 'a+', 0o600);
    if (options.validBytes !== undefined) ftruncateSync(fd, options.validBytes);
    return new Journal(path, fd, options.file ?? FS);
  }

  /** Bytes on disk and synced. */
  get bytes(): number {
    return this.size;
  }

  /** Appends a record about a row; resolves once it is on disk. */
  mark(row: string, record: JournalRecord): Promise<void> {
    return this.append(encodeRecord(row, record));
  }

  /** Appends a record about the batch; resolves once it is on disk. */
  note(record: JournalRecord): Promise<void> {
    return this.append(encodeRecord('-', record));
  }

  private append(line: string): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    this.pending.push(line);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.flushing ??= this.flushAll();
    return done;
  }

  /** Writes and syncs every mark so far, then closes the file. */
  async close(): Promise<void> {
    await this.flushing;
    await new Promise<void>((resolve) => closeFd(this.fd, () => resolve()));
  }

  /**
   * Group commit: one write and one fdatasync for every mark made so far; marks made meanwhile
   * wait for the next round, so the rows in flight share a sync.
   */
  private async flushAll(): Promise<void> {
    for (;;) {
      // One turn of the event loop for the other rows in flight to add their marks to this round.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.pending.length === 0) break;
      const data = Buffer.from(this.pending.join(''));
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        if (this.broken) throw this.broken;
        for (let at = 0; at < data.length; ) {
          const written = await this.file.write(this.fd, data.subarray(at));
          if (written <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
          at += written;
        }
        await this.file.sync(this.fd);
        this.size += data.length;
      } catch (error) {
        // Take back what this round may have left half-written (a truncate frees space, so it works on a full disk):
        // the file then holds only synced records, and no row reads as sent that was not.
        try {
          ftruncateSync(this.fd, this.size);
        } catch {
          // the torn tail is found and dealt with when the journal is read back
        }
        this.broken ??= error instanceof JournalWriteError ? error : new JournalWriteError(
          `cannot write the batch journal ${this.path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; the batch stopped before sending another row`,
          'free space (or fix the disk), then run the same command again: rows whose answer was not written are listed as in doubt',
        );
        for (const w of waiters) w.reject(this.broken);
        continue;
      }
      for (const w of waiters) w.resolve();
    }
    this.flushing = undefined;
  }
}
