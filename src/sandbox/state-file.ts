/**
 * The sandbox's persistent state: a JSON snapshot plus an append-only log of changes.
 *
 * Every change sets one path of the state to a whole new value, so replaying the log is
 * idempotent. Changes are appended once per event-loop turn (group commit) and a reply waits for
 * `commit()`, so an acknowledged change is in the operating system's hands before the client hears
 * of it and survives the sandbox being killed. The snapshot is rewritten atomically (temp file +
 * rename) at start, when the log grows large, and at close; the log is then emptied.
 */
import {} from 'node:crypto';
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeWholeSync } from '../util/atomic-write.js';

export type StatePath = ReadonlyArray<string | number>;

/** What the rest of the sandbox sees: set a path (undefined deletes it). */
export interface Persist {
  set(path: StatePath, value: unknown): void;
}

const COMPACT_BYTES = 16 << 20;

/** Sets (or with undefined, deletes) a nested path in a plain-object tree. */
export function setIn(root: unknown, path: StatePath, value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (node[key] === undefined || node[key] === null) node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

export class StateStore<T> implements Persist {
  private pending: string[] = [];
  /** The next group write, shared by every change made before it runs. */
  private nextWrite?: Promise<void>;
  private logBytes = 0;
  private logFd?: number;

  private constructor(
    readonly file: string | undefined,
    public state: T,
  ) {}

  /** Loads the snapshot and replays the log; starts from `init()` when there is no file (or no path: memory only). */
  static async open<T>(
    file: string | undefined,
    init: () => T,
    upgrade: (loaded: T) => T = (s) => s,
  ): Promise<StateStore<T>> {
    if (!file) return new StateStore(undefined, init());
    let state: T;
    try {
      state = upgrade(JSON.parse(await readFile(file, 'utf8')) as T);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(`cannot load sandbox data ${file}: ${(error as Error).message}`);
      state = init();
    }
    const log = await readFile(`${file}.log`, 'utf8').catch(() => '');
    for (const line of log.split('\n')) {
      if (!line) continue;
      try {
        const { p, v } = JSON.parse(line) as { p: StatePath; v?: unknown };
        setIn(state, p, v);
      } catch {
        break; // a line torn by a crash in mid-write: everything before it was acknowledged
      }
    }
    const store = new StateStore(file, state);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    store.logFd = openSync(`${file}.log`, 'a', 0o600);
    store.snapshot();
    return store;
  }

  /** Applies a change to the state and queues it for the log. */
  set(path: StatePath, value: unknown): void {
    setIn(this.state, path, value);
    if (this.file) this.pending.push(JSON.stringify({ p: path, v: value }) + '\n');
  }

  /**
   * Resolves once every change so far has been appended to the log. Changes made in one turn of
   * the event loop share one write (group commit), made synchronously: a small write into the page
   * cache costs less than the machinery of an asynchronous one.
   */
  commit(): Promise<void> {
    if (this.pending.length === 0) return this.nextWrite ?? Promise.resolve();
    this.nextWrite ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.nextWrite = undefined;
        try {
          this.appendPending();
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });
    return this.nextWrite;
  }

  /**
   * Writes the whole state as the new snapshot, then empties the log. Synchronous, so that no
   * change can be logged between the two and then lost with the log.
   */
  snapshot(): void {
    if (!this.file || this.logFd === undefined) return;
    this.appendPending();
    writeAtomically(this.file, JSON.stringify(this.state));
    ftruncateSync(this.logFd, 0);
    this.logBytes = 0;
  }

  /** Closes the log after a final snapshot. */
  async close(): Promise<void> {
    this.snapshot();
    if (this.logFd !== undefined) closeSync(this.logFd);
    this.logFd = undefined;
  }

  private appendPending(): void {
    if (this.pending.length === 0 || this.logFd === undefined) return;
    const chunk = this.pending.join('');
    this.pending = [];
    writeSync(this.logFd, chunk);
    this.logBytes += chunk.length;
    if (this.logBytes > COMPACT_BYTES) this.snapshot();
  }
}

/** Writes a file so that a crash leaves either the old or the new content, never a torn one (flushed to disk). */
export function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeWholeSync(file, text, { sync: true });
}
