/**
 * A batch input that can be read twice: a file as it is; stdin copied to a file first, removed when the batch ends (a
 * killed run's copy by the next run or by `inv batch prune`). Lines of stdin are checked on the way: a line over
 * 1 MiB is refused before the rest is read.
 */
import { open, readdir, unlink } from 'node:fs/promises';
import { ensureOwnDir } from '../../util/own-dir.js';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { processAlive } from '../../util/file-lock.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { boundedLines } from '../../csv/line-limit.js';
import { nodeCrypto } from '../../util/lazy-crypto.js';

/** Checks that a file can be read, with a clear error when it cannot. */
async function readable(path: string): Promise<void> {
  try {
    await (await open(path, 'r')).close();
  } catch (error) {
    throw new UsageError(
      `${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}

/**
 * A copy of the input that can be read twice (a file is its own; stdin, "-", is copied into `spoolDir`), and for stdin
 * the sha256 of its bytes; `signal` stops the copy (Ctrl-C, SIGTERM).
 */
export async function identify(
  file: string,
  stdin: NodeJS.ReadableStream,
  spoolDir: string,
  signal?: AbortSignal,
): Promise<{ path: string; hash: string }> {
  if (file !== '-') {
    await readable(file);
    return { path: file, hash: '' };
  }
  ensureOwnDir(spoolDir);
  await sweepSpool(spoolDir);
  const path = join(spoolDir, `stdin-${process.pid}-${Date.now()}-${nodeCrypto().randomBytes(4).toString('hex')}.txt`);
  // Opened before the copy starts: a stream opening on its own may create the file after a refusal has removed it.
  const copy = (await open(path, 'wx', 0o600)).createWriteStream();
  const hash = nodeCrypto().createHash('sha256');
  try {
    await pipeline(
      stdin,
      async function* (source) {
        for await (const chunk of boundedLines(source as AsyncIterable<Buffer>, 'stdin')) {
          hash.update(chunk);
          yield chunk;
        }
      },
      copy,
      { signal },
    );
  } catch (error) {
    await unlink(path).catch(() => undefined);
    if (signal?.aborted) throw new InterruptedError('stopped while reading stdin: nothing was sent');
    throw error;
  }
  return { path, hash: hash.digest('hex') };
}

/** Removes the spooled copies of runs that ended without removing theirs (killed): their pid is no longer running. */
export async function sweepSpool(spoolDir: string): Promise<void> {
  const names = await readdir(spoolDir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^stdin-(\d+)-\d+(?:-[\da-f]{8})?\.txt$/.exec(name)?.[1]); // earlier versions: no hex part
    if (pid && pid !== process.pid && !processAlive(pid)) await unlink(join(spoolDir, name)).catch(() => undefined);
  }
}
