/** Reading a batch journal back: each row's last state, the runs, and where the file is torn or damaged. */
import { scanRecords, type JournalRecord } from '../../util/journal-records.js';
import { markOf, readMark, type JournalState } from './row-states.js';

/** What a row's marks add up to. */
export interface RowEntry {
  id: string;
  state: JournalState;
  /** Its line in the input of the run that last sent it. */
  line?: number;
  /** What it does (the normalised move or item), as journaled when sent. */
  what?: Record<string, unknown>;
  error?: string;
}

export interface BatchHeader {
  /** The generation's id, `<key>-<gen>` (a batch of the version before generations: random; before ids: the file name). */
  id?: string;
  /** The batch's key (account, kind, and name or rows) and generation; absent in journals of earlier versions. */
  key?: string;
  gen?: number;
  /** Named with --batch; else known by its rows, `name` being the input as given. */
  named?: boolean;
  /** The account's key (server, user, and the account's id on the server), and that id (INV_ACCOUNT). */
  accountKey?: string;
  instance?: string;
  name: string;
  kind: string;
  profile: string;
  origin: string;
  account: string;
  created: string;
}

export interface RunRecord {
  at: string;
  pid: number;
  host: string;
  /** sha256 of the input. */
  hash: string;
  /** The profile the run was started from. */
  profile?: string;
}

export interface EndRecord {
  at: string;
  done: number;
  failed: number;
  inDoubt: number;
  pending: number;
  /** Units moved by this run (moves only). */
  units?: number;
  hash: string;
}

/** The input of a run, noted once pass one has read it and before anything is sent. */
export interface InputRecord {
  rows: number;
  hash: string;
}

export interface BatchFile {
  path: string;
  header?: BatchHeader;
  runs: RunRecord[];
  /** The input of the last run, when that run noted it. */
  input?: InputRecord;
  ends: EndRecord[];
  rows: Map<string, RowEntry>;
  /** The last window of rows reserved on the server's anchor before they were sent (0: none). */
  reserved: number;
  /** The ids of the rows this journal's runs reserved (a row reserved and never marked was not sent). */
  reservedIds: string[];
  /** False when a window was reserved by a version that did not note its ids. */
  reservedKnown: boolean;
  /** Bytes up to the end of the last whole record. */
  validBytes: number;
  /** The last record was cut short (a crash while writing): its row, when its id can still be read. */
  torn?: { row?: string };
  /** A record other than the last fails its checksum: the states of some rows cannot be known. */
  damage?: { record: number; offset: number };
}

/** Reads a journal (an empty one when the file does not exist). */
export async function readBatchFile(path: string): Promise<BatchFile> {
  const file: BatchFile = {
    path,
    runs: [],
    ends: [],
    rows: new Map(),
    reserved: 0,
    reservedIds: [],
    reservedKnown: true,
    validBytes: 0,
  };
  const { validBytes, torn, damage } = await scanRecords(path, (key, record) => apply(file, key, record));
  file.validBytes = validBytes;
  file.damage = damage;
  if (torn) {
    // A row known only from a torn record was never sent (its request waits for the whole mark);
    // a row with earlier records may have been applied: it is in doubt.
    const known = torn.key !== undefined && file.rows.has(torn.key);
    file.torn = { row: known ? torn.key : undefined };
    if (known)
      markRow(file, torn.key!, markOf('in-doubt', { error: 'its last journal record was cut short by a crash' }));
  }
  return file;
}

function apply(file: BatchFile, row: string, record: JournalRecord): void {
  if (row !== '-') return markRow(file, row, record);
  if (record.batch) file.header = record.batch as BatchHeader;
  if (record.run) {
    file.runs.push(record.run as RunRecord);
    file.input = undefined;
  }
  if (record.input) file.input = record.input as InputRecord;
  if (record.end) file.ends.push(record.end as EndRecord);
  if (typeof record.reserve === 'number') {
    file.reserved = Math.max(file.reserved, record.reserve);
    if (Array.isArray(record.ids)) {
      for (const id of record.ids) if (typeof id === 'string') file.reservedIds.push(id);
    } else if (record.from !== 'anchor') file.reservedKnown = false;
  }
}

function markRow(file: BatchFile, id: string, record: JournalRecord): void {
  const mark = readMark(record);
  if (!mark) return;
  const entry = file.rows.get(id) ?? { id, state: mark.state };
  entry.state = mark.state;
  if (mark.line !== undefined) entry.line = mark.line;
  if (mark.what) entry.what = mark.what;
  entry.error = mark.error;
  file.rows.set(id, entry);
}

/** The rows of a batch's last input by state, and whether the batch is finished (every row of it done). */
export function countsOf(file: BatchFile): {
  total: number;
  done: number;
  failed: number;
  inDoubt: number;
  pending: number;
  finished: boolean;
} {
  const count = (state: JournalState) => [...file.rows.values()].filter((r) => r.state === state).length;
  const end = file.ends.at(-1);
  const [done, failed, inDoubt] = [count('done'), count('failed'), count('in-doubt')];
  const recorded = done + failed + inDoubt;
  // Rows never sent have no record: "not sent" is the input's rows (noted by each run before it sends) less those recorded.
  const total = file.input
    ? Math.max(file.input.rows, recorded)
    : recorded + Math.max(count('pending'), end?.pending ?? 0);
  const pending = total - recorded;
  const ran = file.input !== undefined || end !== undefined;
  return { total, done, failed, inDoubt, pending, finished: !file.damage && ran && failed + inDoubt + pending === 0 };
}
