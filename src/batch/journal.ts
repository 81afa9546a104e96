/**
 * The journal of a batch: one line per event, appended with group commit (all marks made in one
 * event-loop turn go out in one write). A row is marked `sent` (and the write has landed) before
 * its request leaves, and `done`, `failed` or `doubt` after. Read back, a row whose last mark is
 * `sent` or `doubt` may or may not have been applied: it is "in doubt" and is not sent again
 * unless asked. A line torn by a crash is ignored.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type Mark = 'sent' | 'done' | 'failed' | 'invalid' | 'doubt';

/** What an earlier run left for a row. */
export type Earlier = 'done' | 'in-doubt' | 'retry';

/** Where the journal of a command, profile and input lives. */
export function journalPath(stateDir: string, command: string, profile: string, inputHash: string): string {
  const key = createHash('sha256').update(`${command}\0${profile}\0${inputHash}`).digest('hex').slice(0, 32);
  return join(stateDir, 'journals', `${command}-${key}.ndjson`);
}

/** Reads an existing journal: the fate of each row (rows not in it have not been tried). */
export async function readJournal(path: string): Promise<Map<number, Earlier>> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const last = new Map<number, Mark>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const { r, s } = JSON.parse(line) as { r?: number; s?: Mark };
      if (typeof r === 'number' && s) last.set(r, s);
    } catch {
      // torn by a crash: what it would have said is unknown, and the row stays as it was
    }
  }
  const fates = new Map<number, Earlier>();
  for (const [row, mark] of last) fates.set(row, mark === 'done' ? 'done' : mark === 'sent' || mark === 'doubt' ? 'in-doubt' : 'retry');
  return fates;
}

export class Journal {
  private pending: string[] = [];
  private waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  private scheduled = false;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {}

  /** Opens (creating) the journal for appending; the directory is private (0700). */
  static async open(path: string, header: Record<string, unknown>): Promise<Journal> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const journal = new Journal(path, openSync(path, 'a', 0o600));
    await journal.append({ run: header });
    return journal;
  }

  /** Appends a mark; resolves once it is written (to the operating system, which keeps it through a crash of ours). */
  mark(row: number, state: Mark, extra: Record<string, unknown> = {}): Promise<void> {
    return this.append({ r: row, s: state, ...extra });
  }

  private append(entry: Record<string, unknown>): Promise<void> {
    this.pending.push(JSON.stringify(entry) + '\n');
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return done;
  }

  /** Writes every mark so far, then closes the file. */
  async close(): Promise<void> {
    this.flush();
    closeSync(this.fd);
  }

  /**
   * Writes what is pending in one write. Synchronous on purpose: a few hundred bytes into the page
   * cache cost less than the promise machinery of an asynchronous write, and the requests waiting
   * on these marks cannot leave before it anyway.
   */
  private flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    try {
      writeSync(this.fd, text);
    } catch (error) {
      for (const w of waiters) w.reject(error);
      return;
    }
    for (const w of waiters) w.resolve();
  }
}
