/**
 * A label job sent to a printer at most once (decision 31): rendered whole, then known by its content and printer. The
 * same job to the same printer within 12 hours is not sent again unless asked (--reprint); a job cut off part way is
 * in doubt, and a rerun says so rather than guess.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConnectionError, InDoubtError, UsageError } from '../errors.js';
import { nodeCrypto } from '../util/lazy-crypto.js';
import { PRINTER_TIMEOUT_MS, sendJob } from './printer.js';
import { withFileLock } from '../util/file-lock.js';
import { printerName, type PrinterTarget } from './printer-target.js';

/** How long a job sent is remembered: the same labels printed again after that are new work. */
export const PRINTED_KEPT_MS = 12 * 60 * 60 * 1000;

interface PrintedRecord {
  printer: string;
  bytes: number;
  at: string;
  state: 'sending' | 'sent' | 'cut';
}

/** Where the job is remembered, and how to read and write it. */
function recordOf(stateDir: string, target: PrinterTarget, job: Buffer) {
  const digest = nodeCrypto()
    .createHash('sha256')
    .update(printerName(target) + '\0')
    .update(job)
    .digest('hex');
  const dir = join(stateDir, 'printed');
  const path = join(dir, `${digest.slice(0, 32)}.json`);
  return {
    /** Held while the job is judged and sent: two terminals printing the same job send it once. */
    lock: `${path}.lock`,
    read(): PrintedRecord | undefined {
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as PrintedRecord;
      } catch {
        return undefined;
      }
    },
    // Written under the lock, whose taking made and checked the directory.
    write(record: PrintedRecord): void {
      writeFileSync(path, JSON.stringify(record) + '\n', { mode: 0o600 });
    },
  };
}

/** What printing needs around it. */
export interface PrintEnv {
  stateDir: string;
  /** Where `lp` is looked for. */
  PATH?: string;
  now(): number;
  /** Send the job even when the same one was sent (or cut off) within PRINTED_KEPT_MS. */
  reprint: boolean;
  /** Ctrl-C: a job going out ends at once, in doubt. */
  signal?: AbortSignal;
}

/**
 * Sends `job` (rendered whole) to `target` once; resolves with what to tell the user, "not sent again" when the same
 * job went to the same printer lately. `raw`: ZPL, which lp passes untouched.
 */
export async function printOnce(target: PrinterTarget, job: Buffer, raw: boolean, env: PrintEnv): Promise<string> {
  const record = recordOf(env.stateDir, target, job);
  return withFileLock(record.lock, () => printUnderLock(record, target, job, raw, env), {
    timeoutMs: PRINTER_TIMEOUT_MS + 5_000,
  });
}

async function printUnderLock(
  record: ReturnType<typeof recordOf>,
  target: PrinterTarget,
  job: Buffer,
  raw: boolean,
  env: PrintEnv,
): Promise<string> {
  const earlier = record.read();
  const where = printerName(target);
  if (earlier && !env.reprint && env.now() - Date.parse(earlier.at) < PRINTED_KEPT_MS) {
    if (earlier.state === 'sent')
      return `not sent again: the same job went to ${where} at ${earlier.at} (--reprint sends it again)`;
    throw new InDoubtError(
      `the same job to ${where} at ${earlier.at} was cut off before it was all sent: it may have printed in part`,
      'check the printer; --reprint sends the whole job again',
    );
  }
  const at = new Date(env.now()).toISOString();
  record.write({ printer: where, bytes: job.length, at, state: 'sending' });
  let said: string;
  try {
    said = await sendJob(target, job, raw, { PATH: env.PATH, signal: env.signal });
  } catch (error) {
    // Nothing answering sent nothing: the job is not remembered. Anything else may have printed: it stays in doubt.
    const nothingSent = error instanceof ConnectionError || error instanceof UsageError;
    record.write({ printer: where, bytes: job.length, at: nothingSent ? new Date(0).toISOString() : at, state: 'cut' });
    throw error;
  }
  record.write({ printer: where, bytes: job.length, at, state: 'sent' });
  return `sent to ${where}: ${said}`;
}
