/**
 * The batches an input is compared with (choose.ts): the latest generation its key names, from the head on the server
 * (or the journals here when the server keeps none), and the account's other open batches, from the journals here and
 * from the account's register on the server (their rows read from their windows).
 */
import { AnchorReader, boundsFor, anchorKeys, type AnchorBounds } from '../anchor/anchor.js';
import type { BatchEntry } from './catalogue.js';
import { generationId } from './batch-key.js';
import type { Known } from './choose.js';
import { AnchorValueError, type Head } from '../anchor/head.js';
import type { SortedIds } from './sorted-ids.js';
import type { Registry } from '../anchor/registry.js';
import type { AnchorStore } from '../anchor/setting-store.js';

/** A batch of this machine as the choice sees it. */
export function knownOf(entry: BatchEntry): Known {
  const { id, key, gen, name, named, finished, at, host, profile, applied } = entry;
  return { id, ...(key ? { key } : {}), gen, name, named, finished, at, host, profile, applied };
}

/** The head's generation as the choice sees it, with this machine's journal of it when there is one. */
function fromHead(key: string, head: Head, local: BatchEntry | undefined, name: string): Known {
  return {
    id: generationId(key, head.gen),
    key,
    gen: head.gen,
    name: local?.name ?? head.name ?? name,
    named: head.named ?? local?.named ?? false,
    finished: head.state === 'finished',
    at: Date.parse(head.ended ?? head.renewed),
    host: head.host,
    profile: head.profile,
    applied: local?.applied ?? Buffer.alloc(0),
  };
}

/**
 * The latest generation of `key`: as its head says, else as the journals here say (the server keeps no head: the anchor
 * was off, or a person cleared the head, in which case the server's windows are probed for the latest generation).
 */
export async function exactBatch(
  key: string,
  head: Head | 'cleared' | undefined,
  local: BatchEntry[],
  probe: { store: AnchorStore; bounds: AnchorBounds; name: string },
): Promise<Known | undefined> {
  const mine = local.filter((e) => e.key === key).sort((a, b) => b.gen - a.gen);
  if (head && head !== 'cleared')
    return fromHead(
      key,
      head,
      mine.find((e) => e.gen === head.gen),
      probe.name,
    );
  if (head === 'cleared') {
    const gen = Math.max(mine[0]?.gen ?? 0, await lastGeneration(key, probe.store, probe.bounds));
    if (gen === 0) return undefined;
    const entry = mine.find((e) => e.gen === gen);
    const base = entry
      ? knownOf(entry)
      : { id: generationId(key, gen), key, gen, name: probe.name, named: false, applied: Buffer.alloc(0) };
    // Cleared: where it stands is unknown, so it is continued, and the rows its windows list are held in doubt.
    return { ...base, finished: false, at: 0 };
  }
  return mine[0] ? knownOf(mine[0]) : undefined;
}

/** The latest generation of `key` whose first window is on the server (0: none). */
async function lastGeneration(key: string, store: AnchorStore, bounds: AnchorBounds): Promise<number> {
  let gen = 0;
  while (gen < 1000 && (await new AnchorReader(store, anchorKeys({ key, gen: gen + 1, id: '' }), bounds).window(1)))
    gen++;
  return gen;
}

/**
 * The account's other batches an input may belong to: this machine's, and those of the account's register on the server
 * that this machine has no journal of, their applied rows read from their windows (less the rows their head lists as
 * failed or not sent). A batch too large for the input to hold nine in ten of its rows is not read; one whose anchor
 * makes no sense is left out, said with the way to clear it (that batch's own runs stop on it).
 */
export async function otherBatches(
  local: BatchEntry[],
  registry: Registry,
  store: AnchorStore,
  input: { ids: SortedIds; kind: string; key: string; warn(message: string): Promise<void> },
): Promise<Known[]> {
  const known = local.filter((e) => e.key !== input.key).map(knownOf);
  const here = new Set(local.map((e) => e.id));
  for (const entry of await registry.entries()) {
    const id = generationId(entry.key, entry.gen);
    if (entry.kind !== input.kind || entry.key === input.key || here.has(id)) continue;
    if (entry.applied * 0.9 > input.ids.size) continue;
    const remote = await remoteApplied(entry.key, entry.gen, store, boundsFor(entry.applied)).catch(async (error) => {
      if (!(error instanceof AnchorValueError)) throw error;
      const what = `account setting ${error.setting} does not hold what inv keeps there (${error.why})`;
      await input.warn(`batch ${entry.key} was not compared with this input: ${what}; ${error.hint}`);
      return undefined;
    });
    // Where it stands is the head's to say (an entry of the register may be stale).
    if (remote) known.push({ id, key: entry.key, gen: entry.gen, ...remote });
  }
  return known;
}

/** What the server holds of a generation this machine never ran: its name, who ran it last, and the rows it applied. */
async function remoteApplied(key: string, gen: number, store: AnchorStore, bounds: AnchorBounds) {
  const reader = new AnchorReader(store, anchorKeys({ key, gen, id: '' }), bounds);
  const head = await reader.head();
  if (!head || head === 'cleared' || head.gen !== gen) return undefined;
  const { rows } = await reader.recover(head, { reserved: 0, bytes: 0 });
  const applied = [...rows].filter(([, state]) => state === 'done' || state === 'in-doubt').map(([id]) => id);
  return {
    name: head.name ?? `batch ${key}`,
    named: head.named ?? false,
    finished: head.state === 'finished',
    at: Date.parse(head.ended ?? head.renewed),
    host: head.host,
    profile: head.profile,
    applied: Buffer.from(applied.join(''), 'hex'),
  };
}
