/** One run per batch: an exclusive lock file holding pid, host and start time; a dead holder's lock is taken over. */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { processAlive } from '../config/lock.js';
import { InvError } from '../errors.js';

/** Another run holds the batch. */
export class BatchLockedError extends InvError {}

export interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

function holderOf(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Whether a live run holds the lock at `path` (a lock left by a killed run on this host does not count). */
export function lockHeld(path: string): boolean {
  const holder = holderOf(path);
  if (!holder) return existsSync(path);
  return holder.host !== hostname() || processAlive(holder.pid);
}

/** Takes the lock at `path` for this process, or throws naming the run that holds it; returns its release. */
export function lockBatch(path: string, batch: string, host = hostname()): () => void {
  return lockFile(path, (holder) => new BatchLockedError(
    `batch "${batch}" is being run by process ${holder.pid} on ${holder.host}, started ${holder.started}`,
    `wait for it to finish; if that process is gone from ${holder.host}, remove ${path}`,
  ), {}, host).release;
}

/** A lock held by this process: `note` rewrites what it says of its holder (e.g. a URL known once started). */
export interface HeldLock {
  release(): void;
  note(extra: Record<string, unknown>): void;
}

/** Takes the lock file at `path` (pid, host, start time and `extra`), or throws `refused(holder)` while a live process holds it. */
export function lockFile<T extends LockHolder>(path: string, refused: (holder: T) => Error, extra: Record<string, unknown> = {}, host = hostname()): HeldLock {
  const me: LockHolder = { ...extra, pid: process.pid, host, started: new Date().toISOString() };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // The lock appears whole or not at all: written beside it, then linked into place (link fails if it exists).
  const mine = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(mine, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, path);
        return {
          release: () => {
            if (holderOf(path)?.pid === me.pid) unlinkSync(path);
          },
          note: (more) => {
            const next = `${mine}.note`;
            writeFileSync(next, JSON.stringify({ ...me, ...more }), { mode: 0o600 });
            renameSync(next, path);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw error;
      }
      const seen = inodeOf(path);
      const holder = holderOf(path);
      if (holder && (holder.host !== me.host || processAlive(holder.pid))) throw refused(holder as T);
      if (seen !== undefined) takeOver(path, seen);
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

/**
 * Moves the lock judged dead (inode `seen`) aside. Two runs may judge the same dead lock at once: only
 * one rename can move that file, and a run that moved a fresh lock instead (another run's, taken in
 * between) puts it back.
 */
export function takeOver(path: string, seen: number): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // already moved by another run: try again
  }
  if (inodeOf(aside) !== seen) {
    try {
      linkSync(aside, path);
    } catch {
      // a third run took the lock meanwhile; it holds it now
    }
  }
  rmSync(aside, { force: true });
}
