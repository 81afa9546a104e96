/**
 * The record format of every inv journal: one record a line, `CRC KEY JSON`, where CRC is the crc32 of
 * the rest and KEY what the record is about (a batch's row id, `-` for the journal's subject). Read back,
 * a last line cut short by a crash is a torn tail; any other line that fails its checksum is damage.
 */
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
