/** The one journal module: the record format read back (torn tail, damage, older bare JSON) and the sync policy of each kind. */
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal, type JournalKind } from '../../src/util/journal.js';
import { encodeRecord, readRecords } from '../../src/util/journal-records.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const file = () => {
  const dir = mkdtempSync(join(tmpdir(), 'inv-journal-'));
  made.push(dir);
  return join(dir, 'j');
};
const kind = (sync: JournalKind['sync']): JournalKind => ({
  sync,
  broken: (path, cause) => new Error(`broken ${path}: ${cause}`),
});

describe('the record format', () => {
  const text =
    encodeRecord('-', { a: 1 }) +
    encodeRecord('00000000000000a1', { s: 'sent' }) +
    encodeRecord('-', { b: 'two words' });

  it('reads back each record with its key, and where the whole records end', () => {
    const read = readRecords(text);
    expect(read.records).toEqual([
      { key: '-', record: { a: 1 } },
      { key: '00000000000000a1', record: { s: 'sent' } },
      { key: '-', record: { b: 'two words' } },
    ]);
    expect(read.validBytes).toBe(Buffer.byteLength(text));
    expect(read.torn).toBeUndefined();
  });

  it('a last record cut short is a torn tail (its key when readable); validBytes stops before it', () => {
    const torn = encodeRecord('00000000000000b2', { s: 'done' }).slice(0, 30);
    const read = readRecords(text + torn);
    expect(read.torn).toEqual({ key: '00000000000000b2' });
    expect(read.validBytes).toBe(Buffer.byteLength(text));
    expect(read.damage).toBeUndefined();
  });

  it('a record before the last that fails its checksum is damage, named by record and byte; bare JSON too, unless legacy', () => {
    const lines = text.split('\n');
    const altered = [lines[0], lines[1]!.replace('sent', 'done'), lines[2], ''].join('\n');
    expect(readRecords(altered).damage).toEqual({ record: 2, offset: Buffer.byteLength(lines[0]!) + 1 });
    expect(readRecords(altered).validBytes).toBe(Buffer.byteLength(lines[0]!) + 1);
    const bare = '{"k":"x"}\n' + text;
    expect(readRecords(bare).damage).toEqual({ record: 1, offset: 0 });
    expect(readRecords(bare, { legacy: true }).records[0]).toEqual({ key: '-', record: { k: 'x' } });
  });
});

describe('sync policy per kind', () => {
  const counting = () => {
    const seen = { writes: 0, syncs: 0 };
    const io = {
      write: async (fd: number, data: Buffer) => (seen.writes++, writeSync(fd, data)),
      sync: async () => void seen.syncs++,
    };
    return { seen, io };
  };

  it('group: the records of one turn share one write and one sync, done before they resolve', async () => {
    const { seen, io } = counting();
    const journal = Journal.open(file(), kind('group'), { file: io });
    await Promise.all([1, 2, 3].map((n) => journal.note({ n })));
    expect(seen).toEqual({ writes: 1, syncs: 1 });
    await journal.close();
  });

  it('none: written, never synced', async () => {
    const { seen, io } = counting();
    const journal = Journal.open(file(), kind('none'), { file: io });
    await Promise.all([journal.note({ n: 1 }), journal.note({ n: 2 })]);
    expect(seen).toEqual({ writes: 1, syncs: 0 });
    await journal.close();
  });

  it('each: appendNow has the record in the file when it returns', async () => {
    const path = file();
    const journal = Journal.open(path, kind('each'));
    journal.appendNow('-', { step: 1 });
    expect(readRecords(readFileSync(path, 'utf8')).records).toEqual([{ key: '-', record: { step: 1 } }]);
    await journal.close();
  });

  it("a failed write breaks the journal with the kind's own error, and the file keeps only whole records", async () => {
    const path = file();
    let fail = false;
    const io = {
      write: async (fd: number, data: Buffer) => {
        if (!fail) return writeSync(fd, data);
        writeSync(fd, data.subarray(0, 5)); // half a record, then the disk is full
        throw Object.assign(new Error('full'), { code: 'ENOSPC' });
      },
      sync: async () => undefined,
    };
    const journal = Journal.open(path, kind('group'), { file: io });
    await journal.note({ n: 1 });
    fail = true;
    await expect(journal.note({ n: 2 })).rejects.toThrow(/^broken .*: ENOSPC$/);
    fail = false;
    await expect(journal.note({ n: 3 })).rejects.toThrow(/ENOSPC/);
    expect(readFileSync(path, 'utf8')).toBe(encodeRecord('-', { n: 1 }));
    await journal.close();
  });

  it('opening cuts a torn tail back to the whole records', async () => {
    const path = file();
    const first = Journal.open(path, kind('each'));
    first.appendNow('-', { n: 1 });
    await first.close();
    const whole = readFileSync(path, 'utf8');
    appendFileSync(path, whole.slice(0, 9)); // killed mid-write
    const second = Journal.open(path, kind('each'), { validBytes: readRecords(readFileSync(path, 'utf8')).validBytes });
    second.appendNow('-', { n: 2 });
    expect(readRecords(readFileSync(path, 'utf8')).records.map((r) => r.record)).toEqual([{ n: 1 }, { n: 2 }]);
    await second.close();
  });

  it('a record made after close is refused, and written to no file (its descriptor may be another file by then)', async () => {
    const path = file();
    for (const sync of ['group', 'none', 'each'] as const) {
      const journal = Journal.open(path, kind(sync));
      await journal.close();
      const other = `${path}-${sync}-other`;
      const fd = openSync(other, 'w'); // the lowest free descriptor: most likely the one the journal had
      try {
        if (sync === 'each') expect(() => journal.appendNow('-', { late: 1 }), sync).toThrow(/closed/);
        else await expect(journal.note({ late: 1 }), sync).rejects.toThrow(/closed/);
        await journal.close(); // closing twice closes no one else's descriptor
        writeSync(fd, 'kept');
      } finally {
        closeSync(fd);
      }
      expect(readFileSync(other, 'utf8'), sync).toBe('kept');
    }
    expect(readFileSync(path, 'utf8')).toBe('');
  });

  it('close writes the records made before it and refuses those after, at once: no other file is touched', async () => {
    for (let i = 0; i < 20; i++) {
      const path = file();
      const journal = Journal.open(path, kind('group'));
      const before = journal.note({ n: i });
      const closing = journal.close();
      const after = expect(journal.note({ late: i })).rejects.toThrow(/closed/);
      const closedTwice = journal.close(); // resolves only once the descriptor is closed, as the first
      await Promise.all([before, closing, closedTwice]);
      const other = `${path}-other`;
      const fd = openSync(other, 'w'); // the lowest free descriptor: most likely the one the journal had
      try {
        writeSync(fd, 'x'.repeat(100));
        await after;
      } finally {
        closeSync(fd);
      }
      expect(readFileSync(other, 'utf8'), `try ${i + 1}`).toBe('x'.repeat(100));
      expect(readRecords(readFileSync(path, 'utf8')).records.map((r) => r.record)).toEqual([{ n: i }]);
    }
  });
});
