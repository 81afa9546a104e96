/** The batch journal at its edges: a torn record after a refusal, and a disk that fills in the middle of a record. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalWriteError, openBatchJournal } from '../../src/batch/journal/batch-journal.js';
import { encodeRecord } from '../../src/util/journal-records.js';
import type { JournalFile } from '../../src/util/journal.js';
import { readBatchFile } from '../../src/batch/journal/journal-read.js';

const root = mkdtempSync(join(tmpdir(), 'inv-journal-edges-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `j${++n}`);
const id = (k: number) => k.toString(16).padStart(16, '0');
const header = encodeRecord('-', {
  batch: { name: 'b', kind: 'move', profile: 'p', origin: 'o', account: 'a', created: 'now' },
});

describe('a torn last record', () => {
  it('a failed row whose new "sent" record is torn reads as in doubt; a row whose only record is torn was never sent', async () => {
    const resent = encodeRecord(id(1), { s: 'sent', l: 2, m: { msku: 'M-1', quantity: 1 } });
    const rerun = encodeRecord('-', { run: { at: 'later', pid: 1, host: 'h', hash: 'x' } });
    const first = header + resent + encodeRecord(id(1), { s: 'failed', e: 'refused' }) + rerun;
    // From the first cut that leaves the row's id readable (`crc32 id `) to one byte short of the whole record.
    for (let cut = 26; cut < resent.length - 1; cut++) {
      const path = fresh();
      writeFileSync(path, first + resent.slice(0, cut));
      const file = await readBatchFile(path);
      expect(file.damage, `cut at ${cut}`).toBeUndefined();
      expect(file.torn, `cut at ${cut}`).toEqual({ row: id(1) });
      expect(file.rows.get(id(1))?.state, `cut at ${cut}`).toBe('in-doubt');
      expect(file.validBytes).toBe(Buffer.byteLength(first));
    }
    const only = fresh();
    writeFileSync(only, header + encodeRecord(id(2), { s: 'sent', l: 3 }).slice(0, 40));
    const file = await readBatchFile(only);
    expect(file.torn).toEqual({ row: undefined });
    expect(file.rows.has(id(2))).toBe(false);
  });
});

/** Disk operations through the journal's seam; the disk takes `room` more bytes, then answers ENOSPC. */
function fillingDisk() {
  const disk = { room: Infinity };
  const file: JournalFile = {
    write: async (fd, data) => {
      if (disk.room <= 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      const taken = Math.min(data.length, disk.room);
      writeSync(fd, data.subarray(0, taken));
      disk.room -= taken;
      return taken;
    },
    sync: async () => undefined,
  };
  return { disk, file };
}

describe('a disk that fills up', () => {
  it('cuts the file back to the synced records, of this run and of earlier ones, and counts its bytes right', async () => {
    const path = fresh();
    writeFileSync(path, header + encodeRecord(id(1), { s: 'sent', l: 2 }) + encodeRecord(id(1), { s: 'done' }));
    const { disk, file } = fillingDisk();
    const journal = await openBatchJournal(path, { file });
    expect(journal.bytes).toBe(readFileSync(path).length);
    await journal.mark(id(2), { s: 'sent', l: 3 });
    await Promise.all([journal.mark(id(2), { s: 'done' }), journal.mark(id(3), { s: 'sent', l: 4 })]);
    const synced = readFileSync(path);
    expect(journal.bytes).toBe(synced.length);
    disk.room = 17; // the next write stops part-way through its record
    await expect(journal.mark(id(3), { s: 'done' })).rejects.toThrow(JournalWriteError);
    expect(readFileSync(path).equals(synced)).toBe(true);
    expect(journal.bytes).toBe(synced.length);
    disk.room = Infinity;
    await expect(journal.mark(id(4), { s: 'sent', l: 5 })).rejects.toThrow(/ENOSPC/);
    await journal.close();
    const read = await readBatchFile(path);
    expect(read.torn).toBeUndefined();
    expect(read.damage).toBeUndefined();
    expect([...read.rows.values()].map((r) => [r.id, r.state])).toEqual([
      [id(1), 'done'],
      [id(2), 'done'],
      [id(3), 'in-doubt'],
    ]);
  });
});
