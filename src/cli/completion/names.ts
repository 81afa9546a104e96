/**
 * The small cache of names that completion offers (location names, mskus, shipment ids, batch names): the
 * commands that list them add what they list, and the completion scripts read the files as they are, so a
 * Tab never waits on the network.
 */
import { readFileSync } from 'node:fs';
import { ensureOwnDir } from '../../util/own-dir.js';
import { join } from 'node:path';
import { stateDir } from '../../config/paths.js';
import { writeWholeSync } from '../../util/atomic-write.js';

type Env = Record<string, string | undefined>;

export const NAME_KINDS = ['locations', 'mskus', 'shipments', 'batches'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/** At most this many names are kept per kind (the newest listed first). */
const MAX_NAMES = 2000;

/** Where the names of `kind` are kept, one a line: `<state dir>/completion/<kind>` (the scripts build the same path). */
export function namesFile(env: Env, kind: NameKind): string {
  return join(stateDir(env), 'completion', kind);
}

/** Adds `names` to the cache of `kind`, newest first; a name holding a control character is left out. Never throws. */
export function rememberNames(env: Env, kind: NameKind, names: Iterable<string>): void {
  try {
    const file = namesFile(env, kind);
    let before: string[] = [];
    try {
      before = readFileSync(file, 'utf8').split('\n');
    } catch {
      // no cache yet
    }
    const fresh = [...names].filter((n) => n && !/[\u0000-\u001f\u007f]/.test(n));
    const all = [...new Set([...fresh, ...before.filter(Boolean)])].slice(0, MAX_NAMES);
    ensureOwnDir(join(stateDir(env), 'completion'));
    writeWholeSync(file, all.map((n) => `${n}\n`).join(''));
  } catch {
    // A cache that cannot be written only means fewer completions.
  }
}

/** Passes the records through, then remembers the names `name` picks from them. */
export async function* remembering<R>(
  env: Env,
  kind: NameKind,
  records: AsyncIterable<R>,
  name: (record: R) => unknown,
): AsyncGenerator<R> {
  const names: string[] = [];
  for await (const record of records) {
    const n = name(record);
    if (typeof n === 'string' || typeof n === 'number') names.push(String(n));
    yield record;
  }
  rememberNames(env, kind, names);
}
