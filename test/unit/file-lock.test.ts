/** The one lock file (config writes, token refreshes, batch runs, a sandbox's data file): its holder, waiting, takeover. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchLockedError, lockBatch } from '../../src/batch/journal/batch-lock.js';
import { lockFile, lockHeld, processAlive, takeOver, withFileLock } from '../../src/util/file-lock.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const lockPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'inv-lock-'));
  made.push(dir);
  return join(dir, 'x.lock');
};
let deadPid = 2 ** 22 + 12345;
while (processAlive(deadPid)) deadPid--;
const holder = (pid: number, host = hostname()) => JSON.stringify({ pid, host, started: '2026-01-01T00:00:00.000Z' });

describe('one lock for config and batches', () => {
  it('names its holder the same way whoever takes it: pid, host and start time', async () => {
    const path = lockPath();
    const seen = await withFileLock(path, async () => JSON.parse(readFileSync(path, 'utf8')));
    expect(seen).toMatchObject({ pid: process.pid, host: hostname() });
    expect(Date.parse(seen.started)).toBeGreaterThan(Date.now() - 60_000);
    expect(existsSync(path)).toBe(false);
    const release = lockBatch(path, 'b');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(path)).toBe(false);
  });

  it('a batch run waits for no config writer and a config writer waits for a batch run: the same holder is live to both', async () => {
    const path = lockPath();
    const release = lockBatch(path, 'b');
    const waited = withFileLock(path, async () => 'taken', { timeoutMs: 100 });
    await expect(waited).rejects.toThrow(new RegExp(`pid ${process.pid} on ${hostname()}\\) has held`));
    release();
    await withFileLock(path, async () => {
      expect(() => lockBatch(path, 'b')).toThrow(BatchLockedError);
      expect(lockHeld(path)).toBe(true);
    });
    expect(lockHeld(path)).toBe(false);
  });
});

describe('taking over', () => {
  it("a dead holder's lock on this host is taken over at once (JSON, older bare pid, garbage); a live one is waited for", async () => {
    const path = lockPath();
    for (const dead of [holder(deadPid), `${deadPid}\n`, 'not a holder']) {
      writeFileSync(path, dead);
      expect(lockHeld(path)).toBe(false);
      expect(await withFileLock(path, async () => 'taken', { timeoutMs: 200 })).toBe('taken');
      writeFileSync(path, dead);
      lockBatch(path, 'b')();
    }
    writeFileSync(path, `${process.ppid}\n`);
    await expect(withFileLock(path, async () => 'taken', { timeoutMs: 200 })).rejects.toThrow(/has held/);
  });

  it("a holder with this process's own pid, from before this process started, is dead: pids come round again", async () => {
    // A container restarted (inv is pid 1 or 7 again), or Wine's first process of a session (always pid 32): the
    // lock a killed run left names the pid this process now has.
    const path = lockPath();
    writeFileSync(path, holder(process.pid));
    expect(lockHeld(path)).toBe(false);
    expect(await withFileLock(path, async () => 'taken', { timeoutMs: 200 })).toBe('taken');
    writeFileSync(path, holder(process.pid));
    lockBatch(path, 'b')();
    // Its own lock of this run is live: two holders in one process (say two batches run in-process) still exclude.
    const release = lockBatch(path, 'b');
    expect(lockHeld(path)).toBe(true);
    expect(() => lockBatch(path, 'b')).toThrow(BatchLockedError);
    release();
  });

  it('a lock held on another host is never taken over (its pid means nothing here)', async () => {
    const path = lockPath();
    writeFileSync(path, holder(deadPid, 'elsewhere.example'));
    expect(lockHeld(path)).toBe(true);
    expect(() => lockBatch(path, 'b')).toThrow(/process \d+ on elsewhere\.example, started 2026-01-01/);
    await expect(withFileLock(path, async () => 'taken', { timeoutMs: 100 })).rejects.toThrow(
      /on elsewhere\.example\) has held/,
    );
  });

  it('a batch lock refuses while its holder runs, naming pid and start', () => {
    const path = lockPath();
    writeFileSync(path, holder(process.ppid));
    expect(() => lockBatch(path, 'b')).toThrow(BatchLockedError);
    expect(() => lockBatch(path, 'b')).toThrow(new RegExp(`process ${process.ppid} .* started 2026-01-01`));
  });

  it('a process that judged the dead lock late never removes the lock another has taken since', () => {
    const path = lockPath();
    writeFileSync(path, holder(deadPid));
    const judgedDead = statSync(path).ino; // a second process reads the dead holder here, then is slow
    const release = lockBatch(path, 'b'); // this one takes the lock over meanwhile
    takeOver(path, judgedDead); // the slow one now moves "the dead lock" aside
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    expect(() => lockBatch(path, 'b')).toThrow(BatchLockedError);
    release();
    expect(existsSync(path)).toBe(false);
  });

  it('a release leaves alone a lock that is no longer the one it took', () => {
    const path = lockPath();
    const held = lockFile(path, () => new Error('held'));
    writeFileSync(path, holder(process.ppid)); // the lock was taken over (say after a suspend) by another process
    held.release();
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.ppid);
  });
});

describe('withFileLock', () => {
  it('runs holders one at a time', async () => {
    const path = lockPath();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        withFileLock(path, async () => {
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 20));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
