/**
 * The one way inv writes a file whole: a temporary file beside it (its own name, so two writers never share one),
 * written, flushed to disk when asked, then renamed over the file, so a reader or a crash sees the old content or the
 * new, never half; the temporary file is removed when anything fails.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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
    await rename(temp, file);
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
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
