/**
 * What keeps two sandboxes apart: one per data file (a lock naming the running one's URL), and a profile left
 * pointing at a running one.
 */
import { connect } from 'node:net';
import { UsageError } from '../../errors.js';
import { lockFile, type HeldLock, type LockHolder } from '../../util/file-lock.js';
import { isLoopbackHost } from '../../auth/origin.js';

/** Takes the lock of a data file, or refuses (exit 2) naming the sandbox that holds it. */
export function lockDataFile(data: string): HeldLock {
  return lockFile<LockHolder & { url?: string }>(
    `${data}.lock`,
    (holder) =>
      new UsageError(
        `a sandbox is already running on ${data}${holder.url ? ` at ${holder.url}` : ''} ` +
          `(process ${holder.pid}, started ${holder.started}): one sandbox per data file`,
        'use that one; for a throwaway second one: inv sandbox --port 0 --ephemeral; or give another --data FILE',
      ),
  );
}

/** Whether something accepts connections at a loopback http URL's address (a sandbox still running there). */
export function loopbackListening(url: string | undefined, timeoutMs = 500): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(false);
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (target.protocol !== 'http:' || !isLoopbackHost(host)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(target.port || 80), timeout: timeoutMs });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
