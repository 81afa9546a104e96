/** One run per batch on this machine: the batch's lock file, refused with the run that holds it. */
import { hostname } from 'node:os';
import { lockFile, lockHeld } from '../../util/file-lock.js';
import { BatchHeldError } from '../anchor/lease.js';

/** Another run on this machine holds the batch. */
export class BatchLockedError extends BatchHeldError {}

/** Takes the lock at `path` for this process, or throws naming the run that holds it; returns its release. */
export function lockBatch(path: string, batch: string, host = hostname()): () => void {
  return lockFile(
    path,
    (holder) =>
      new BatchLockedError(
        `batch "${batch}" is being run by process ${holder.pid} on ${holder.host}, started ${holder.started}`,
        `wait for it to finish; if that process is gone from ${holder.host}, remove ${path}`,
        { host: holder.host, pid: holder.pid },
        async () => !lockHeld(path, host),
      ),
    {},
    host,
  ).release;
}
