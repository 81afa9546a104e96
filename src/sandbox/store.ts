/** The sandbox's persistent state: one JSON file, written atomically (temp file + rename), saves coalesced. */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile, open } from 'node:fs/promises';
import { dirname } from 'node:path';

export class StateStore<T> {
  private saving?: Promise<void>;
  private dirty = false;

  private constructor(
    readonly file: string | undefined,
    public state: T,
  ) {}

  /** Loads `file`, or starts from `init()` when there is no file (or no path: memory only). */
  static async open<T>(file: string | undefined, init: () => T, upgrade: (loaded: T) => T = (s) => s): Promise<StateStore<T>> {
    if (!file) return new StateStore(undefined, init());
    let state: T;
    try {
      state = upgrade(JSON.parse(await readFile(file, 'utf8')) as T);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot load sandbox data ${file}: ${(error as Error).message}`);
      state = init();
    }
    const store = new StateStore(file, state);
    await store.flush(true);
    return store;
  }

  /** Marks the state changed; a save follows soon (coalescing bursts of changes). */
  changed(): void {
    if (!this.file) return;
    this.dirty = true;
    this.saving ??= this.saveLoop();
  }

  /** Waits until every change so far is on disk. */
  async flush(force = false): Promise<void> {
    if (force) this.dirty = true;
    if (this.dirty) this.saving ??= this.saveLoop();
    await this.saving;
  }

  private async saveLoop(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        await writeAtomically(this.file!, JSON.stringify(this.state));
      }
    } finally {
      this.saving = undefined;
    }
  }
}

/** Writes a file so that a crash leaves either the old or the new content, never a torn one. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  const handle = await open(temp, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}
