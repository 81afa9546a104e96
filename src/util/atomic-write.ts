/**
 * The one way inv writes a file whole: a temporary file beside it (its own name, so two writers never share one),
 * written, flushed to disk when asked, then renamed over the file, so a reader or a crash sees the old content or the
 * new, never half; the temporary file is removed when anything fails.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InvError } from '../errors.js';

export interface WholeWrite {
  /** The file's mode when new (default 0600: what inv writes is the user's own). */
  mode?: number;
  /** Flush the data to disk before the rename (the file must survive a power cut). */
  sync?: boolean;
}

let written = 0;

/** A temporary name beside `file`, hidden, unique to this process and this write. */
function temporary(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${++written}.tmp`);
}

/** Writes `data` to `file` whole (see the module's note); throws the file system's error, the temporary file removed. */
export async function writeWhole(file: string, data: string | Uint8Array, options: WholeWrite = {}): Promise<void> {
  const temp = temporary(file);
  try {
    // Opened for writing, so that it can be flushed (Windows cannot flush a handle opened to read).
    const handle = await open(temp, 'w', options.mode ?? 0o600);
    try {
      await handle.writeFile(data);
      if (options.sync) await handle.sync();
    } finally {
      await handle.close();
    }
    for (let waited = 0; !renamed(() => renameSync(temp, file), file, waited); waited += PAUSE_MS)
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** writeWhole, synchronously (for writers that must finish before the next step, such as the sandbox's data). */
export function writeWholeSync(file: string, data: string | Uint8Array, options: WholeWrite = {}): void {
  const temp = temporary(file);
  try {
    const fd = openSync(temp, 'w', options.mode ?? 0o600);
    try {
      writeFileSync(fd, data);
      if (options.sync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    for (let waited = 0; !renamed(() => renameSync(temp, file), file, waited); waited += PAUSE_MS)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MS);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

// Windows refuses to replace a file that another process has open (an indexer, a backup, another inv reading it):
// the rename is tried again for a while, then refused naming the file.
const PAUSE_MS = 50;
const PATIENCE_MS = 5_000;

/** Runs the rename `move`; false when Windows says the file is held and it may be tried again after `waited` ms. */
function renamed(move: () => void, file: string, waited: number): boolean {
  try {
    move();
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (process.platform !== 'win32' || !['EPERM', 'EACCES', 'EBUSY'].includes(code ?? '')) throw error;
    if (waited < PATIENCE_MS) return false;
    throw new InvError(
      `cannot replace ${file}: another program has it open`,
      'close it there, then run the command again',
    );
  }
}
