/** The server a batch belongs to (whatever the spelling of its address), the user `whoami` names there, and where journals live. */
import { readFile, writeFile } from 'node:fs/promises';
import { ensureOwnDir } from '../../util/own-dir.js';
import { basename, join, resolve } from 'node:path';
import type { BatchFile } from '../journal/journal-read.js';
import { nodeCrypto } from '../../util/lazy-crypto.js';

export { serverKey } from '../../http/url.js';

/** How a batch without a --batch name is shown: its input file's absolute path, or "stdin" (it is known by its rows). */
export function inputLabel(file: string): string {
  return file === '-' ? 'stdin' : resolve(file);
}

/** Where batch journals live. */
export function batchesDir(stateDir: string): string {
  return join(stateDir, 'batches');
}

/** The journal file of the batch with `id`. */
export function batchPath(stateDir: string, kind: string, id: string): string {
  return join(batchesDir(stateDir), `${kind}-${id}.journal`);
}

/** The id of the batch a journal holds (journals written before batches had ids: their file name). */
export function batchIdOf(file: Pick<BatchFile, 'header' | 'path'>): string {
  return file.header?.id ?? basename(file.path, '.journal').replace(/^[a-z]+-/, '');
}

/** The user the access token belongs to, from `whoami`, remembered per origin and token (by hash). */
export async function batchAccount(
  stateDir: string,
  origin: string,
  token: string,
  whoami: () => Promise<{ user: Record<string, unknown> }>,
): Promise<string> {
  const file = join(stateDir, 'accounts.json');
  const key = nodeCrypto().createHash('sha256').update(`${origin}\0${token}`).digest('hex');
  const known = await readFile(file, 'utf8')
    .then((t) => JSON.parse(t) as Record<string, string>)
    .catch(() => ({}) as Record<string, string>);
  if (known[key]) return known[key];
  const { user } = await whoami();
  const account = String(user.id ?? user.username ?? user.email ?? 'unknown');
  const kept = Object.fromEntries([...Object.entries(known).slice(-50), [key, account]]);
  ensureOwnDir(stateDir);
  await writeFile(file, JSON.stringify(kept), { mode: 0o600 });
  return account;
}
