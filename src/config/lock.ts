/** A lock file shared by inv processes (config writes, token refreshes); a lock whose process is gone is taken over at once. */
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { InvError } from '../errors.js';

export interface LockOptions {
  /** Give up waiting after this long. */
  timeoutMs?: number;
  /** A lock older than this is left over from a crashed process and is taken over (when its pid cannot be checked). */
  staleMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this pid exists on this machine. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written in a lock file, if it holds one. */
async function holder(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Removes a lock left by `deadPid`. It is moved aside first and checked: when another process took
 * the lock over in the meantime, its fresh lock is put back (link fails if yet another one exists).
 */
async function takeOver(path: string, deadPid: number): Promise<void> {
  const aside = `${path}.${process.pid}.${Date.now()}.stale`;
  try {
    await rename(path, aside);
  } catch {
    return;
  }
  if ((await holder(aside)) !== deadPid) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/** Runs `fn` while holding the lock file `path` (created exclusively, holding our pid; removed afterwards). */
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
      const pid = await holder(path);
      if (pid !== undefined && pid !== process.pid && !processAlive(pid)) {
        await takeOver(path, pid);
        continue;
      }
      const age = await stat(path).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (pid === undefined && age > staleMs) {
        await unlink(path).catch(() => undefined);
        continue;
      }
      if (Date.now() - started > timeoutMs) {
        throw new InvError(`another inv process${pid ? ` (pid ${pid})` : ''} has held ${path} for ${Math.round(age / 1000)} s`, 'if no other inv is running, delete that file');
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
