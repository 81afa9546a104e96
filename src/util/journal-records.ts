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

/**
 * Follows a journal line by line: each whole record goes to `onRecord`; a line that fails its checksum is held
 * until a later line says whether it was the torn tail (only blank lines after it) or damage.
 */
class RecordScanner {
  readonly scan: Omit<JournalText, 'records'> = { validBytes: 0 };
  private held: Array<{ key?: string; record: number; offset: number; blank: boolean }> = [];
  private offset = 0;
  private count = 0;

  constructor(
    private readonly onRecord: (key: string, record: JournalRecord) => void,
    private readonly legacy: boolean,
  ) {}

  /** One line, without its newline, and its length in bytes; `whole` is false for text after the last newline. */
  line(text: string, bytes: number, whole = true): void {
    this.count++;
    const start = this.offset;
    this.offset += bytes + 1;
    const decoded = whole ? decode(text, this.legacy) : undefined;
    if (!decoded) {
      this.held.push({
        key: /^[0-9a-f]{8} (\S+) /.exec(text)?.[1],
        record: this.count,
        offset: start,
        blank: text === '',
      });
      return;
    }
    this.settle(false);
    if (!this.scan.damage) this.scan.validBytes = this.offset;
    this.onRecord(decoded.key, decoded.record);
  }

  /** What the file ends with: the last line held is the torn tail, and any line held before a non-blank one is damage. */
  end(): Omit<JournalText, 'records'> {
    this.settle(true);
    return this.scan;
  }

  private settle(atEnd: boolean): void {
    const held = this.held;
    const lastText = held.findLastIndex((h) => !h.blank);
    // A held line followed by a record, or by another non-blank line, is damage; at the end, the last is torn.
    const damaged = atEnd ? held.findIndex((_, i) => i < lastText) : held.length > 0 ? 0 : -1;
    if (damaged >= 0) this.scan.damage ??= { record: held[damaged]!.record, offset: held[damaged]!.offset };
    if (atEnd && held.length > 0) this.scan.torn = { key: held.at(-1)!.key };
    this.held = [];
  }
}

/** Reads a journal's text (`legacy`: lines of bare JSON, as older caches and scan sessions wrote, are read too). */
export function readRecords(text: string, { legacy = false } = {}): JournalText {
  const records: JournalText['records'] = [];
  const scanner = new RecordScanner((key, record) => records.push({ key, record }), legacy);
  const lines = text.split('\n');
  const rest = lines.pop()!; // the part after the last newline is not a whole record
  for (const line of lines) scanner.line(line, Buffer.byteLength(line));
  if (rest !== '') scanner.line(rest, Buffer.byteLength(rest), false);
  return { records, ...scanner.end() };
}

/**
 * Reads the journal file at `path` a chunk at a time, handing each whole record to `onRecord`: what
 * `readRecords` finds, without the file, its text or its records ever held whole (a batch of 100,000 rows
 * writes some 30 MB). A missing file reads as empty.
 */
export async function scanRecords(
  path: string,
  onRecord: (key: string, record: JournalRecord) => void,
): Promise<Omit<JournalText, 'records'>> {
  const scanner = new RecordScanner(onRecord, false);
  let rest = Buffer.alloc(0);
  try {
    for await (const chunk of createReadStream(path)) {
      let data = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10)) {
        scanner.line(data.toString('utf8', 0, newline), newline);
        data = data.subarray(newline + 1);
      }
      rest = Buffer.from(data);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (rest.length > 0) scanner.line(rest.toString('utf8'), rest.length, false);
  return scanner.end();
}
