/** The identity of a batch input: a hash of its content. Stdin is copied to a file first, so it can be read again. */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../errors.js';

/** The sha256 of a file, read as a stream. */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    throw new UsageError(`${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  return hash.digest('hex');
}

/** A readable copy of the input and its hash; stdin ("-") is copied into `spoolDir` while hashing. */
export async function identify(file: string, stdin: NodeJS.ReadableStream, spoolDir: string): Promise<{ path: string; hash: string }> {
  if (file !== '-') return { path: file, hash: await hashFile(file) };
  await mkdir(spoolDir, { recursive: true, mode: 0o700 });
  const path = join(spoolDir, `stdin-${process.pid}-${Date.now()}.txt`);
  const hash = createHash('sha256');
  await pipeline(stdin, async function* (source) {
    for await (const chunk of source) {
      hash.update(chunk as Buffer);
      yield chunk;
    }
  }, createWriteStream(path, { mode: 0o600 }));
  return { path, hash: hash.digest('hex') };
}
