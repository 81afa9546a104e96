/**
 * The identity of a batch input: a hash of its content. Stdin is copied to a file first, so it can be read again;
 * the copy is removed when the batch ends, and a killed run's copy by the next run or by `inv batch prune`.
 * Lines are checked on the way: a line over 1 MiB is refused before the rest is read.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { processAlive } from '../util/file-lock.js';
import { UsageError } from '../errors.js';
import { boundedLines } from './line-limit.js';
import { nodeCrypto } from '../util/lazy-crypto.js';

/** The sha256 of a file, read as a stream. */
async function hashFile(path: string): Promise<string> {
  const hash = nodeCrypto().createHash('sha256');
  try {
    for await (const chunk of boundedLines(createReadStream(path), path)) hash.update(chunk);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  return hash.digest('hex');
}

/** A readable copy of the input and its hash; stdin ("-") is copied into `spoolDir` while hashing. */
export async function identify(
  file: string,
  stdin: NodeJS.ReadableStream,
  spoolDir: string,
): Promise<{ path: string; hash: string }> {
  if (file !== '-') return { path: file, hash: await hashFile(file) };
  await mkdir(spoolDir, { recursive: true, mode: 0o700 });
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
    );
  } catch (error) {
    await unlink(path).catch(() => undefined);
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
