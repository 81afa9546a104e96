/**
 * The record format of every inv journal: one record a line, `CRC KEY JSON`, where CRC is the crc32 of
 * the rest and KEY what the record is about (a batch's row id, `-` for the journal's subject). Read back,
 * a last line cut short by a crash is a torn tail; any other line that fails its checksum is damage.
 */
import { createReadStream } from 'node:fs';
import { crc32 } from 'node:zlib';

export type JournalRecord = Record<string, unknown>;

/** One journal line for a record about `key`. */
export function encodeRecord(key: string, record: JournalRecord): string {
  const body = `${key} ${JSON.stringify(record)}`;
  return `${crc32(body).toString(16).padStart(8, '0')} ${body}\n`;
}

/** A journal read back: its whole records in order, where they end, and what is torn or damaged. */
export interface JournalText {
  records: Array<{ key: string; record: JournalRecord }>;
  /** Bytes up to the end of the last whole record before any damage. */
  validBytes: number;
  /** The last record was cut short (a crash while writing): its key, when that can still be read. */
  torn?: { key?: string };
  /** A record other than the last fails its checksum (1-based record number, byte offset). */
  damage?: { record: number; offset: number };
}

/** Parses one journal line; undefined when its checksum or shape is wrong. `legacy`: also a bare JSON line of an older file. */
function decode(line: string, legacy: boolean): { key: string; record: JournalRecord } | undefined {
  const match = /^([0-9a-f]{8}) ((\S+) (\{.*\}))$/.exec(line);
  const checked = match !== null && crc32(match[2]!).toString(16).padStart(8, '0') === match[1];
  if (!checked && !(legacy && line.startsWith('{'))) return undefined;
  try {
    if (checked) return { key: match[3]!, record: JSON.parse(match[4]!) as JournalRecord };
    return { key: '-', record: JSON.parse(line) as JournalRecord };
  } catch {
    return undefined;
  }
}

/** Reads a journal's text (`legacy`: lines of bare JSON, as older caches and scan sessions wrote, are read too). */
export function readRecords(text: string, { legacy = false } = {}): JournalText {
  const read: JournalText = { records: [], validBytes: 0 };
  const lines = text.split('\n');
  const complete = lines.length - 1; // the part after the last newline is not a whole record
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i === complete && line === '') break;
    const decoded = i < complete ? decode(line, legacy) : undefined;
    offset += Buffer.byteLength(line) + 1;
    if (!decoded) {
      if (isLast(lines, i)) read.torn = { key: /^[0-9a-f]{8} (\S+) /.exec(line)?.[1] };
      else read.damage ??= { record: i + 1, offset: offset - Buffer.byteLength(line) - 1 };
      continue;
    }
    if (!read.damage) read.validBytes = offset;
    read.records.push(decoded);
  }
  return read;
}

/** True when only blank text follows line `i`. */
function isLast(lines: string[], i: number): boolean {
  for (let j = i + 1; j < lines.length; j++) if (lines[j] !== '') return false;
  return true;
}

type Scan = Omit<JournalText, 'records'>;

/**
 * Reads the journal file at `path` a chunk at a time, handing each whole record to `onRecord`: what
 * `readRecords` finds, without the file, its text or its records ever held whole (a batch of 100,000 rows
 * writes some 30 MB). A missing file reads as empty.
 */
export async function scanRecords(path: string, onRecord: (key: string, record: JournalRecord) => void): Promise<Scan> {
  const scan: Scan = { validBytes: 0 };
  // Lines that fail their checksum, held until a later line says whether they were the torn tail or damage.
  let bad: Array<{ key?: string; record: number; offset: number; blank: boolean }> = [];
  let offset = 0;
  let count = 0;
  const line = (bytes: Buffer) => {
    count++;
    const text = bytes.toString('utf8');
    const decoded = decode(text, false);
    const start = offset;
    offset += bytes.length + 1;
    if (!decoded) {
      bad.push({ key: /^[0-9a-f]{8} (\S+) /.exec(text)?.[1], record: count, offset: start, blank: text === '' });
      return;
    }
    if (bad.length > 0) scan.damage ??= { record: bad[0]!.record, offset: bad[0]!.offset };
    bad = [];
    if (!scan.damage) scan.validBytes = offset;
    onRecord(decoded.key, decoded.record);
  };
  let rest = Buffer.alloc(0);
  try {
    for await (const chunk of createReadStream(path)) {
      let data = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10)) {
        line(data.subarray(0, newline));
        data = data.subarray(newline + 1);
      }
      rest = Buffer.from(data);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (rest.length > 0) bad.push({ key: /^[0-9a-f]{8} (\S+) /.exec(rest.toString('utf8'))?.[1], record: count + 1, offset, blank: false });
  const last = bad.findLastIndex((b) => !b.blank);
  if (last >= 0) {
    if (last > 0) scan.damage ??= { record: bad[0]!.record, offset: bad[0]!.offset };
    scan.torn = { key: bad[last]!.key };
  }
  return scan;
}
