/** Which batch a run belongs to: a name given by the user (or the input's path), within profile, server origin and account. */
import { createHash } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BatchHeader } from './journal-read.js';

/** The default batch name: the input file's absolute path, or for stdin a hash of its content. */
export function defaultBatchName(file: string, hash: string): string {
  return file === '-' ? `stdin-${hash.slice(0, 16)}` : resolve(file);
}

/** Where batch journals live. */
export function batchesDir(stateDir: string): string {
  return join(stateDir, 'batches');
}

/** The journal file of a batch. */
export function batchPath(stateDir: string, id: Omit<BatchHeader, 'created'>): string {
  const key = createHash('sha256').update([id.kind, id.profile, id.origin, id.account, id.name].join('\0')).digest('hex').slice(0, 24);
  return join(batchesDir(stateDir), `${id.kind}-${key}.journal`);
}

/**
 * The account the access token belongs to, from `whoami`, remembered per origin and token (by hash)
 * so that a rerun that sends nothing makes no request either.
 */
export async function batchAccount(stateDir: string, origin: string, token: string, whoami: () => Promise<{ user: Record<string, unknown> }>): Promise<string> {
  const file = join(stateDir, 'accounts.json');
  const key = createHash('sha256').update(`${origin}\0${token}`).digest('hex');
  const known = await readFile(file, 'utf8').then((t) => JSON.parse(t) as Record<string, string>).catch(() => ({}) as Record<string, string>);
  if (known[key]) return known[key];
  const { user } = await whoami();
  const account = String(user.id ?? user.username ?? user.email ?? 'unknown');
  const kept = Object.fromEntries([...Object.entries(known).slice(-50), [key, account]]);
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(kept), { mode: 0o600 });
  return account;
}
