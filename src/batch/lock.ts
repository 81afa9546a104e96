/** One run per batch: an exclusive lock file holding pid, host and start time; a dead holder's lock is taken over. */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { InvError } from '../errors.js';

/** Another run holds the batch. */
export class BatchLockedError extends InvError {}

export interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

/** Whether process `pid` on this host still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Takes the lock at `path` for this process, or throws naming the run that holds it; returns its release. */
export function lockBatch(path: string, batch: string): () => void {
  const me: LockHolder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (holderOf(path)?.pid === me.pid) unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const holder = holderOf(path);
    // A holder still writing its lock file, or one on this host whose process has gone: try again / take over.
    if (holder && (holder.host !== me.host || alive(holder.pid))) {
      throw new BatchLockedError(
        `batch "${batch}" is being run by process ${holder.pid} on ${holder.host}, started ${holder.started}`,
        `wait for it to finish; if that process is gone from ${holder.host}, remove ${path}`,
      );
    }
    if (holder) unlinkSync(path);
    else if (attempt === 2) unlinkSync(path); // unreadable for a while: left by a crash between open and write
  }
}
