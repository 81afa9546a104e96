/** Rows a session made (a count, scanned moves) as an NDJSON input of the engine: a file of the state directory. */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureOwnDir } from '../../util/own-dir.js';
import { nodeCrypto } from '../../util/lazy-crypto.js';

/**
 * Writes `rows` (one JSON object each) to `<stateDir>/sessions/`, runs `use` with the file and a digest of the rows
 * (what names the batch, so the same rows run again are the same batch), and removes the file.
 */
export async function withRowsFile<T>(
  stateDir: string,
  rows: readonly object[],
  use: (file: string, digest: string) => Promise<T>,
): Promise<T> {
  const text = rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const digest = nodeCrypto().createHash('sha256').update(text).digest('hex').slice(0, 12);
  const dir = join(stateDir, 'sessions');
  ensureOwnDir(dir);
  const file = join(dir, `${digest}-${process.pid}.ndjson`);
  await writeFile(file, text, { mode: 0o600 });
  try {
    return await use(file, digest);
  } finally {
    await rm(file, { force: true });
  }
}
