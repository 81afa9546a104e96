/**
 * A batch's key, the same on every machine for the same intent: the account, the kind of batch, and its name
 * (`--batch`) or, without one, the content of its rows. Each run of a key to its end is a generation of it.
 */
import { createHash } from 'node:crypto';
import type { SortedIds } from './sorted-ids.js';

/** What a batch is known by besides its account: the name given, or the digest of its rows. */
export type KeyOf = { name: string } | { digest: string };

/** The digest of an input's rows (their ids: normalised moves and occurrences), whatever order they come in. */
export function contentDigest(ids: SortedIds): string {
  return createHash('sha256').update(ids.sortedBytes()).digest('hex');
}

/** The key of a batch of `kind` for the account `account`: 20 hex digits. */
export function batchKey(account: string, kind: string, of: KeyOf): string {
  const what = 'name' in of ? ['name', of.name] : ['rows', of.digest];
  return createHash('sha256')
    .update(JSON.stringify([account, kind, ...what]))
    .digest('hex')
    .slice(0, 20);
}

/** The id of generation `gen` of batch `key`: its journal's name, and its windows on the server. */
export function generationId(key: string, gen: number): string {
  return `${key}-${gen}`;
}
