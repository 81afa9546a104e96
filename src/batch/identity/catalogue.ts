/**
 * The batches of this machine, found by what their rows did: beside each journal an index holds the
 * ids of its applied rows (done or in doubt), rebuilt whenever the journal has changed since, so that
 * an input can be compared with a thousand earlier batches in a fraction of a second.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BatchAccount } from './batch-account.js';
import { batchesDir, batchIdOf, serverKey } from './identity.js';
import { countsOf, readBatchFile, type BatchFile } from '../journal/journal-read.js';
import { writeWhole } from '../../util/atomic-write.js';

/** Row ids are 16 hex digits: 8 bytes in an index. */
const ID_BYTES = 8;

/** What the index of one batch says of it. */
export interface BatchEntry {
  /** Its generation's id (a batch of the version before generations: its random id). */
  id: string;
  /** The batch's key and generation (absent key: a batch of the version before generations). */
  key?: string;
  gen: number;
  /** Named with --batch (else known by its rows). */
  named: boolean;
  /** The account's key (absent: a batch of the version before it, known by `account` alone), and its id then. */
  accountKey?: string;
  instance?: string;
  /** When it last ran (ms): its last run's end, or start. */
  at: number;
  host?: string;
  name: string;
  kind: string;
  /** The server, as `serverKey` spells it. */
  server: string;
  account: string;
  /** The profile of its last run. */
  profile: string;
  lastRun: string | null;
  /** The sha256 of its last run's input. */
  hash: string | null;
  finished: boolean;
  path: string;
  /** Ids of the rows it applied or may have applied, 8 bytes each. */
  applied: Buffer;
}

type Meta = Omit<BatchEntry, 'applied' | 'path'> & { bytes: number; v: number };

/** The index format: an index of another version is rebuilt. */
const INDEX_VERSION = 3;

/** The index of a journal read back. */
function entryOf(file: BatchFile, bytes: number): { meta: Meta; applied: Buffer } {
  const ids = [...file.rows.values()].filter((r) => r.state === 'done' || r.state === 'in-doubt').map((r) => r.id);
  const applied = Buffer.from(ids.join(''), 'hex');
  const header = file.header!;
  const last = file.runs.at(-1);
  const meta: Meta = {
    v: INDEX_VERSION,
    id: batchIdOf(file),
    ...(header.key ? { key: header.key } : {}),
    gen: header.gen ?? 1,
    named: header.named ?? false,
    ...(header.accountKey ? { accountKey: header.accountKey } : {}),
    ...(header.instance ? { instance: header.instance } : {}),
    at: Date.parse(file.ends.at(-1)?.at ?? last?.at ?? header.created) || 0,
    ...(last?.host ? { host: last.host } : {}),
    name: header.name,
    kind: header.kind,
    server: serverKey(header.origin),
    account: header.account,
    profile: file.runs.at(-1)?.profile ?? header.profile,
    lastRun: file.runs.at(-1)?.at ?? null,
    hash: file.runs.at(-1)?.hash ?? null,
    finished: countsOf(file).finished,
    bytes,
  };
  return { meta, applied };
}

/** Writes the index of the journal at `path` from its records (`file`, when just read), after a run or when out of date. */
export async function writeIndex(path: string, read?: BatchFile): Promise<BatchEntry | undefined> {
  const bytes = (await stat(path)).size;
  const file = read ?? (await readBatchFile(path));
  if (!file.header) return undefined;
  const { meta, applied } = entryOf(file, bytes);
  await writeWhole(`${path}.idx`, Buffer.concat([Buffer.from(JSON.stringify(meta) + '\n'), applied]));
  return { ...meta, path, applied };
}

/** The index of one journal, rebuilt when the journal's size differs from the one it was built from. */
async function entryAt(path: string): Promise<BatchEntry | undefined> {
  const bytes = await stat(path).then(
    (s) => s.size,
    () => undefined,
  );
  if (bytes === undefined) return undefined;
  const index = await readFile(`${path}.idx`).catch(() => undefined);
  const newline = index?.indexOf(10) ?? -1;
  if (index && newline > 0) {
    try {
      const meta = JSON.parse(index.subarray(0, newline).toString('utf8')) as Meta;
      const applied = index.subarray(newline + 1);
      if (meta.v === INDEX_VERSION && meta.bytes === bytes && applied.length % ID_BYTES === 0)
        return { ...meta, path, applied };
    } catch {
      // an unreadable index is rebuilt below
    }
  }
  return writeIndex(path).catch(() => undefined);
}

/** Every batch this machine ran (each journal's index, rebuilt where out of date). */
async function allEntries(stateDir: string): Promise<BatchEntry[]> {
  const dir = batchesDir(stateDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.journal'));
  const entries = await Promise.all(names.map((n) => entryAt(join(dir, n))));
  return entries.filter((e): e is BatchEntry => e !== undefined);
}

/**
 * The account id (INV_ACCOUNT) this machine last ran a batch of `user` at `server` under, with that batch's key: what
 * the account's settings held then.
 */
export async function rememberedAccount(
  stateDir: string,
  server: string,
  user: string,
): Promise<{ instance: string; key: string } | undefined> {
  const ours = (await allEntries(stateDir)).filter((e) => e.server === server && e.account === user);
  const last = ours.filter((e) => e.instance && e.key).sort((a, b) => b.at - a.at)[0];
  return last ? { instance: last.instance!, key: last.key! } : undefined;
}

/**
 * The batches of `kind` that the account ran on `server` from this machine (any profile, any spelling of the address);
 * batches of the version before account keys are the account's when `whoami` named the same user.
 */
export async function catalogue(
  stateDir: string,
  kind: string,
  server: string,
  account: BatchAccount,
): Promise<BatchEntry[]> {
  const ours = (e: BatchEntry) => (e.accountKey ? e.accountKey === account.key : e.account === account.user);
  return (await allEntries(stateDir)).filter((e) => e.kind === kind && e.server === server && ours(e));
}
