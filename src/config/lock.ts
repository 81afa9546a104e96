/** A lock file shared by inv processes, so that only one refreshes tokens at a time. */
import { open, stat, unlink } from 'node:fs/promises';
import { InvError } from '../errors.js';

export interface LockOptions {
  /** Give up waiting after this long. */
  timeoutMs?: number;
  /** A lock older than this is left over from a crashed process and is taken over. */
  staleMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` while holding the lock file `path` (created exclusively; removed afterwards). */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const { timeoutMs = 15_000, staleMs = 30_000 } = options;
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(path).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > staleMs) {
        await unlink(path).catch(() => undefined);
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        throw new InvError(`another inv process has held ${path} for ${Math.round(age / 1000)} s`, 'if no other inv is running, delete that file');
      }
      await pause(25 + Math.random() * 50);
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(path).catch(() => undefined);
  }
}
