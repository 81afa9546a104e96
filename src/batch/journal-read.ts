/** Reading a batch journal back: each row's last state, the runs, and where the file is torn or damaged. */
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

export type JournalRecord = Record<string, unknown>;

/**
 * What a row's marks add up to. `pending`: never sent, or refused before it left. `dropped`: failed or
 * pending, then gone from the input of a later run (a fixed row has new content, hence a new id): no
 * longer a row of the batch, counted nowhere.
 */
export type RowState = 'done' | 'failed' | 'in-doubt' | 'pending' | 'dropped';

export interface RowEntry {
  id: string;
  state: RowState;
  /** Its line in the input of the run that last sent it. */
  line?: number;
  /** What it does (the normalised move or item), as journaled when sent. */
  what?: Record<string, unknown>;
  error?: string;
}

export interface BatchHeader {
  /** The batch's own id (journals written before ids existed: taken from the file name). */
  id?: string;
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
  /** Bytes up to the end of the last whole record. */
  validBytes: number;
  /** The last record was cut short (a crash while writing): its row, when its id can still be read. */
  torn?: { row?: string };
  /** A record other than the last fails its checksum: the states of some rows cannot be known. */
  damage?: { record: number; offset: number };
}

const STATE_OF: Record<string, RowState> = { sent: 'in-doubt', doubt: 'in-doubt', done: 'done', failed: 'failed', unsent: 'pending', dropped: 'dropped' };

/** Parses one journal line; undefined when its checksum or shape is wrong. */
function decode(line: string): { row: string; record: JournalRecord } | undefined {
  const match = /^([0-9a-f]{8}) ((?:[0-9a-f]{16}|-) (\{.*\}))$/.exec(line);
  if (!match || crc32(match[2]!).toString(16).padStart(8, '0') !== match[1]) return undefined;
  try {
    return { row: match[2]!.slice(0, match[2]!.indexOf(' ')), record: JSON.parse(match[3]!) as JournalRecord };
  } catch {
    return undefined;
  }
}

/** Reads a journal (an empty one when the file does not exist). */
export async function readBatchFile(path: string): Promise<BatchFile> {
  const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  });
  const file: BatchFile = { path, runs: [], ends: [], rows: new Map(), reserved: 0, validBytes: 0 };
  const text = bytes.toString('utf8');
  const lines = text.split('\n');
  const complete = lines.length - 1; // the part after the last newline is not a whole record
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i === complete && line === '') break;
    const decoded = i < complete ? decode(line) : undefined;
    if (!decoded) {
      if (isLast(lines, i)) {
        const id = /^[0-9a-f]{8} ([0-9a-f]{16}) /.exec(line)?.[1];
        // A row known only from a torn record was never sent (its request waits for the whole mark);
        // a row with earlier records may have been applied: it is in doubt.
        const known = id !== undefined && file.rows.has(id);
        file.torn = { row: known ? id : undefined };
        if (known) markRow(file, id, { s: 'doubt', e: 'its last journal record was cut short by a crash' });
      } else file.damage ??= { record: i + 1, offset };
      offset += Buffer.byteLength(line) + 1;
      continue;
    }
    offset += Buffer.byteLength(line) + 1;
    if (!file.damage) file.validBytes = offset;
    apply(file, decoded.row, decoded.record);
  }
  return file;
}

/** True when only blank text follows line `i`. */
function isLast(lines: string[], i: number): boolean {
  for (let j = i + 1; j < lines.length; j++) if (lines[j] !== '') return false;
  return true;
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
  if (typeof record.reserve === 'number') file.reserved = Math.max(file.reserved, record.reserve);
}

function markRow(file: BatchFile, id: string, record: JournalRecord): void {
  const state = STATE_OF[String(record.s)];
  if (!state) return;
  const entry = file.rows.get(id) ?? { id, state };
  entry.state = state;
  if (typeof record.l === 'number') entry.line = record.l;
  if (record.m && typeof record.m === 'object') entry.what = record.m as Record<string, unknown>;
  entry.error = typeof record.e === 'string' ? record.e : undefined;
  file.rows.set(id, entry);
}
