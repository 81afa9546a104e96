/**
 * The one lock file of inv (config writes, token refreshes, batch runs, a sandbox's data file): it names its
 * holder (pid, host, start time and what the holder adds), appears whole or not at all, and a dead holder's
 * lock on this host is taken over at once.
 */
import { linkSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { ensureOwnDir } from './own-dir.js';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { InvError } from '../errors.js';
import { nodeCrypto } from './lazy-crypto.js';

export interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

/** A lock held by this process: `note` rewrites what it says of its holder (e.g. a URL known once started). */
export interface HeldLock {
  release(): void;
  note(extra: Record<string, unknown>): void;
}

/** Whether a process with this pid exists on this machine. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function textOf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The holder a lock file names; a bare pid (the config lock's older form) is a process of this host. */
function holderOf(path: string): LockHolder | undefined {
  const text = textOf(path);
  if (text === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number(text), host: hostname(), started: 'unknown' };
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder?.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a holder may still be running: any process on another host (we cannot look), a live one on ours. A holder
 * with this process's pid that started before this process did is dead: pids come round again (a restarted container,
 * Wine's first process of a session).
 */
function alive(holder: LockHolder, host: string): boolean {
  if (holder.host !== host) return true;
  if (holder.pid === process.pid) return !(Date.parse(holder.started) < performance.timeOrigin);
  return processAlive(holder.pid);
}

/** Whether a live process holds the lock at `path` (a lock left by a killed process on this host does not count). */
export function lockHeld(path: string, host = hostname()): boolean {
  const holder = holderOf(path);
  return holder !== undefined && alive(holder, host);
}

/** Takes the lock at `path` (pid, host, start time and `extra`), or answers the live holder that has it. */
export function tryLock(
  path: string,
  extra: Record<string, unknown> = {},
  host = hostname(),
): HeldLock | { holder: LockHolder } {
  const me: LockHolder = { ...extra, pid: process.pid, host, started: new Date().toISOString() };
  ensureOwnDir(dirname(path));
  // The lock appears whole or not at all: written beside it, then linked into place (link fails if it exists).
  const mine = `${path}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}`;
  let text = JSON.stringify(me);
  writeFileSync(mine, text, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, path);
        return {
          // Ours only while it says what we wrote (several holders in one process share a pid).
          release: () => {
            if (textOf(path) === text) unlinkSync(path);
          },
          note: (more) => {
            const next = `${mine}.note`;
            text = JSON.stringify({ ...me, ...more });
            writeFileSync(next, text, { mode: 0o600 });
            renameSync(next, path);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 3) throw error;
      }
      const seen = inodeOf(path);
      const holder = holderOf(path);
      if (holder && alive(holder, host)) return { holder };
      if (seen !== undefined) takeOver(path, seen);
    }
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Takes the lock at `path`, or throws `refused(holder)` while a live process holds it. */
export function lockFile<T extends LockHolder>(
  path: string,
  refused: (holder: T) => Error,
  extra: Record<string, unknown> = {},
  host = hostname(),
): HeldLock {
  const taken = tryLock(path, extra, host);
  if ('holder' in taken) throw refused(taken.holder as T);
  return taken;
}

/** Runs `fn` while holding the lock at `path`, waiting up to `timeoutMs` for a live holder to let go. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, { timeoutMs = 15_000 } = {}): Promise<T> {
  const started = Date.now();
  let taken = tryLock(path);
  while ('holder' in taken) {
    if (Date.now() - started > timeoutMs) {
      const age = Math.round((Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())) / 1000);
      const { pid, host } = taken.holder;
      const message = `another inv process (pid ${pid} on ${host}) has held ${path} for ${age} s`;
      throw new InvError(message, 'if no other inv is running, delete that file');
    }
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    taken = tryLock(path);
  }
  try {
    return await fn();
  } finally {
    taken.release();
  }
}

function inodeOf(path: string): number | undefined {
  return statSync(path, { throwIfNoEntry: false })?.ino;
}

/**
 * Moves the lock judged dead (inode `seen`) aside. Two processes may judge the same dead lock at once:
 * only one rename can move that file, and one that moved a fresh lock instead (taken in between) puts it back.
 */
export function takeOver(path: string, seen: number): void {
  const aside = `${path}.stale.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // already moved by another process: try again
  }
  if (inodeOf(aside) !== seen) {
    try {
      linkSync(aside, path);
    } catch {
      // a third process took the lock meanwhile; it holds it now
    }
  }
  rmSync(aside, { force: true });
}
