/** Reading a journal a chunk at a time finds what reading it whole finds: records, valid bytes, torn tail, damage. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeRecord, readRecords, scanRecords, type JournalRecord } from '../../src/util/journal-records.js';
import { tempDir } from '../helpers/temp.js';

const good = (n: number) => encodeRecord(n.toString(16).padStart(16, '0'), { s: 'done', n });
const whole = Array.from({ length: 5 }, (_, i) => good(i)).join('');

const cases: Record<string, string> = {
  empty: '',
  whole,
  'a torn tail': whole + good(9).slice(0, 30),
  'a torn last line ended by a newline': whole + good(9).slice(0, 30) + '\n',
  'damage in the middle': good(1) + 'deadbeef 0000000000000002 {"s":"done"}\n' + good(3),
  'damage, then a torn tail': good(1) + 'x\n' + good(3) + good(4).slice(0, 20),
  'a blank line in the middle': good(1) + '\n' + good(2),
  'a blank line at the end': whole + '\n',
  'a torn line, then blank lines': whole + good(9).slice(0, 30) + '\n\n\n',
  'not UTF-8': good(1) + '\xff\xfe\n' + good(2),
  'many chunks, damage and a torn tail':
    Array.from({ length: 6000 }, (_, i) => (i === 3000 ? 'bad\n' : good(i))).join('') + good(7).slice(0, 25),
};

describe('scanRecords', () => {
  it.each(Object.entries(cases))('reads %s as readRecords does', async (_name, text) => {
    const path = join(tempDir('scan'), 'j');
    writeFileSync(path, text, 'latin1');
    const seen: Array<{ key: string; record: JournalRecord }> = [];
    const scan = await scanRecords(path, (key, record) => seen.push({ key, record }));
    const expected = readRecords(Buffer.from(text, 'latin1').toString('utf8'));
    expect({ ...scan, records: seen }).toEqual(expected);
  });

  it('reads a missing file as empty', async () => {
    expect(await scanRecords(join(tempDir('scan'), 'none'), () => undefined)).toEqual({ validBytes: 0 });
  });
});
