/**
 * Pass one of a batch run: reads the whole input, refusing it before anything is sent when it is malformed; finds the
 * batch it is by the one rule (choose.ts): its key on the server, or another open batch of the account that its rows
 * continue; reads that batch's journal here and what the server's anchor holds beyond it.
 */
import { hostname } from 'node:os';
import { BatchRefusedError, JournalDamagedError, UsageError } from '../errors.js';
import { accountInstance, accountKey, type BatchAccount } from './identity/batch-account.js';
import {
  AnchorReader,
  anchorKeys,
  boundsFor,
  type AnchorBounds,
  type AnchorKeys,
  type Recovered,
} from './anchor/anchor.js';
import { batchKey, contentDigest, generationId } from './identity/batch-key.js';
import type { BatchEnv, BatchKind, BatchRequest, Rows } from './batch-types.js';
import { catalogue, rememberedAccount } from './identity/catalogue.js';
import { exactBatch, otherBatches } from './identity/candidates.js';
import { chooseBatch, type Choice, type Known } from './identity/choose.js';
import { describeEdits } from './identity/edits.js';
import { checkStopped, scanInput } from './input/input-scan.js';
import type { Head } from './anchor/head.js';
import type { SortedIds } from './identity/sorted-ids.js';
import { batchPath, inputLabel, serverKey } from './identity/identity.js';
import { readBatchFile, type BatchFile } from './journal/journal-read.js';
import { Registry, registryKey } from './anchor/registry.js';
import type { JournalState } from './journal/row-states.js';
import { AnchorStore, type SettingStore } from './anchor/setting-store.js';

const MAX_LISTED = 20;

/** Reads the batch's journal, refusing one whose records cannot all be read. */
export async function readJournal(path: string, name: string): Promise<BatchFile> {
  const journal = await readBatchFile(path);
  if (journal.damage) {
    const { record, offset } = journal.damage;
    throw new JournalDamagedError(
      [
        `the journal of batch "${name}" is damaged at record ${record} (byte ${offset} of ${path}):`,
        'the state of some rows cannot be read, so nothing was sent',
      ].join(' '),
      [
        `see what it still holds with \`inv batch show "${name}"\`, check those moves on the server,`,
        'and run the rows left under a new --batch name',
      ].join(' '),
    );
  }
  return journal;
}

/** The anchor of the batch a run prepared: where it lives, what its head said when read, and how to reach it. */
export interface PreparedAnchor {
  store: AnchorStore;
  keys: AnchorKeys;
  bounds: AnchorBounds;
  /** The head as pass one read it: the claim checks that it has not moved since. */
  head: Head | 'cleared' | undefined;
  registry: Registry;
}

export interface Prepared<Row, What extends Record<string, unknown> = Record<string, unknown>> {
  /** The generation's id (its journal and windows are named after it). */
  id: string;
  key?: string;
  gen: number;
  name: string;
  named: boolean;
  path: string;
  journal: BatchFile;
  total: number;
  /** The digest of the input's rows (its identity, whatever file or pipe it came from). */
  digest: string;
  counts: { toSend: number; inDoubt: number };
  /** Rows of the journal, failed or not sent, that the input no longer holds: marked dropped when the run starts. */
  absent: string[];
  account: BatchAccount;
  kind: BatchKind<Row, What>;
  /** The batch this run continues (undefined: a new generation), and whether its rows, not its key, found it. */
  continues?: { batch: Known; byContent: boolean };
  /** Set when the batch finished earlier and the input holds nothing more: nothing is sent. */
  finished?: Known;
  anchor: PreparedAnchor;
  /** Rows the server's anchor knows beyond the journal, with the state its head gives them. */
  recovered: Recovered;
  /** A row's state: the journal's, or what the anchor recovered. */
  stateOf(id: string): JournalState | undefined;
}

/** A settings store that has none: the anchor is off from the start. */
const NO_SETTINGS: SettingStore = {
  get: () => Promise.reject(new UsageError('no settings')),
  put: () => Promise.reject(new UsageError('no settings')),
};

/** Pass one: finds the batch, reads its journal and the whole input; throws before anything is sent when either is wrong. */
export async function prepare<Row, What extends Record<string, unknown>>(
  kind: BatchKind<Row, What>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  options: { dryRun?: boolean } = {},
): Promise<Prepared<Row, What>> {
  if (request.name !== undefined && !request.name.trim()) throw new UsageError('--batch needs a name');
  // The input first: a malformed one is refused before any request.
  const { ids, total } = await scanInput(kind, rows, env);
  const store = new AnchorStore(env.settings ?? NO_SETTINGS, env.warn);
  if (!env.settings) store.off = true;
  const account = await accountOf(env, store, !options.dryRun);
  const digest = contentDigest(ids);
  const named = request.name !== undefined;
  const key = batchKey(account.key, kind.kind, named ? { name: request.name! } : { digest });
  const name = named ? request.name! : inputLabel(request.file);
  const bounds = boundsFor(total);
  const head = await new AnchorReader(store, anchorKeys({ key, gen: 1, id: '' }), bounds).head();
  const local = await catalogue(env.stateDir, kind.kind, serverKey(env.origin), account);
  const exact = await exactBatch(key, head, local, { store, bounds, name });
  const registry = new Registry(store, registryKey(account.key), clockOf(env));
  const others = await otherBatches(local, registry, store, { ids, kind: kind.kind, key, warn: env.warn });
  const now = env.now?.() ?? Date.now();
  const choice = chooseBatch(exact, others, ids, {
    named,
    again: Boolean(request.again),
    target: request.target,
    nameOnly: request.nameOnly,
    now,
  });
  const chosen = await openChosen(choice, { key, name, named, kind: kind.kind, env, store, bounds, head });
  const stateOf = (id: string) => {
    const state = chosen.journal.rows.get(id)?.state;
    return state === 'done' ? state : (chosen.recovered.rows.get(id) ?? state);
  };
  const counts = await countRows(kind, rows, { ...chosen, total, ids, stateOf, signal: env.signal });
  const continued = choice.kind === 'continue' ? choice : undefined;
  const finished = continued?.batch.finished && counts.toSend + counts.inDoubt === 0 ? continued.batch : undefined;
  const absent = [...new Set([...chosen.journal.rows.keys(), ...chosen.recovered.rows.keys()])].filter(
    (id) => ['failed', 'pending'].includes(stateOf(id) ?? '') && !ids.hasHex(id),
  );
  const continues = continued ? { batch: continued.batch, byContent: continued.byContent } : undefined;
  const anchor = { store, keys: chosen.keys, bounds, head: chosen.head, registry };
  return { ...chosen, total, digest, counts, absent, kind, account, continues, finished, anchor, stateOf };
}

/** The account the batch runs as: the user `whoami` names, at this server, with the id the account's settings hold. */
async function accountOf(env: BatchEnv, store: AnchorStore, write: boolean): Promise<BatchAccount> {
  const user = await env.account();
  const server = serverKey(env.origin);
  const remembered = await rememberedAccount(env.stateDir, server, user);
  const instance = await accountInstance(store, clockOf(env).sleep, remembered, write);
  return { key: accountKey(server, user, instance), user, ...(instance ? { instance } : {}) };
}

/** The clock and the (interruptible) sleep of a run. */
export function clockOf(env: Pick<BatchEnv, 'now' | 'sleep'>) {
  return {
    now: () => env.now?.() ?? Date.now(),
    sleep: env.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  };
}

interface ChosenContext {
  key: string;
  name: string;
  named: boolean;
  kind: string;
  env: BatchEnv;
  store: AnchorStore;
  bounds: AnchorBounds;
  /** The head of the input's own key. */
  head: Head | 'cleared' | undefined;
}

/** The chosen batch's journal here (read, or new), its anchor, and what the server holds beyond the journal. */
async function openChosen(choice: Choice, c: ChosenContext) {
  const batch =
    choice.kind === 'continue'
      ? choice.batch
      : { id: generationId(c.key, choice.gen), key: c.key, gen: choice.gen, name: c.name, named: c.named };
  const path = batchPath(c.env.stateDir, c.kind, batch.id);
  const journal = choice.kind === 'continue' ? await readJournal(path, batch.name) : await readBatchFile(path);
  const keys = anchorKeys(batch);
  const bounds = boundsFor(Math.max(c.bounds.maxWindows, journal.rows.size));
  const reader = new AnchorReader(c.store, keys, bounds);
  const head = batch.key === c.key ? c.head : await reader.head();
  const own = head && head !== 'cleared' && head.gen === batch.gen ? head : head === 'cleared' ? head : undefined;
  const recovered =
    choice.kind === 'continue'
      ? await reader.recover(own, { reserved: journal.reserved, bytes: journal.validBytes })
      : { rows: new Map<string, JournalState>(), windows: 0 };
  const { id, key, gen, name, named } = batch;
  return { id, key, gen, name, named, path, journal, keys, head, recovered };
}

/**
 * The input's rows to send and in doubt, by each row's state (`stateOf`: the journal's, or the anchor's); refuses the
 * input when it changed or lost rows that were applied (or may have been).
 */
async function countRows<Row>(
  kind: BatchKind<Row>,
  rows: Rows,
  batch: {
    name: string;
    journal: BatchFile;
    total: number;
    ids: SortedIds;
    recovered: Recovered;
    stateOf: (hex: string) => JournalState | undefined;
    signal?: AbortSignal;
  },
): Promise<Prepared<Row>['counts']> {
  const { journal, stateOf } = batch;
  const applied = new Set<string>();
  for (const id of [...journal.rows.keys(), ...batch.recovered.rows.keys()])
    if (stateOf(id) === 'done' || stateOf(id) === 'in-doubt') applied.add(id);
  const counts = { toSend: 0, inDoubt: 0 };
  let seen = 0;
  for (const hex of batch.ids.hexes()) {
    checkStopped(batch.signal, ++seen);
    const state = stateOf(hex);
    applied.delete(hex);
    if (state === 'in-doubt') counts.inDoubt++;
    else if (state !== 'done') counts.toSend++;
  }
  if (applied.size > 0) {
    const listed = await describeEdits(kind, rows, journal, [...applied], MAX_LISTED, batch.signal);
    throw new BatchRefusedError(
      [
        `${applied.size} row(s) of batch "${batch.name}" that were applied (or may have been)`,
        `are changed or gone from the input; nothing was sent:\n  ${listed.join('\n  ')}`,
      ].join(' '),
      [
        'editing a file cannot take back what was applied: put those rows back as they were and give new rows a file of their own',
        '(once the batch has finished, --again applies the whole file anew)',
      ].join(' '),
      { outcome: 'invalid', reason: 'edited', batch: batch.name, rows: batch.total, changed: applied.size },
    );
  }
  return counts;
}

/** This machine, as leases and locks name it. */
export function hostOf(env: Pick<BatchEnv, 'host'>): string {
  return env.host ?? hostname();
}
