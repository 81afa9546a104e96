/** The one CSV reader (src/csv): what it guarantees every caller, on real files. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv, type CsvOptions } from '../../src/csv/csv-input.js';
import type { Encoding } from '../../src/csv/decode.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('csv');
let n = 0;

/** The rows `readCsv` gives for `content` (a string or bytes), or the UsageError it throws. */
async function read(content: string | Buffer, options: CsvOptions & { encoding?: Encoding } = {}) {
  const file = join(dir, `in-${n++}.csv`);
  writeFileSync(file, content);
  const rows = [];
  try {
    for await (const row of readCsv(file, 'in.csv', options)) rows.push(row);
  } catch (error) {
    if (error instanceof UsageError) return { error: error.message };
    throw error;
  }
  return { rows };
}

describe('the one CSV reader', () => {
  it("takes Excel's sep= line (its line still counted), and a delimiter inside quotes is not the delimiter", async () => {
    expect(await read('sep=;\r\na;b\r\n"1,5";2\r\n')).toEqual({ rows: [{ line: 3, record: { a: '1,5', b: '2' } }] });
    expect(await read('"a;x",b\n1,2\n')).toEqual({ rows: [{ line: 2, record: { 'a;x': '1', b: '2' } }] });
  });

  it('sniffs the delimiter the header uses most; --delimiter names it (tab as \\t or tab)', async () => {
    expect(await read('a\tb;c\tc2\n1\t2\t3\n')).toEqual({
      rows: [{ line: 2, record: { a: '1', 'b;c': '2', c2: '3' } }],
    });
    expect(await read('a|b\n1|2\n', { delimiter: '|' })).toEqual({ rows: [{ line: 2, record: { a: '1', b: '2' } }] });
    for (const tab of ['\\t', 'tab'])
      expect(await read('a\tb\n1\t2\n', { delimiter: tab })).toEqual({
        rows: [{ line: 2, record: { a: '1', b: '2' } }],
      });
    expect(await read('a,b\n', { delimiter: '""' })).toEqual({
      error: expect.stringMatching(/--delimiter .*one character/),
    });
  });

  it('refuses a header naming a column twice, naming it, also after the caller renamed the columns', async () => {
    expect(await read('a,b,a\n1,2,3\n')).toEqual({ error: 'in.csv: the header names column "a" twice' });
    const lower = (columns: string[]) => columns.map((c) => c.toLowerCase());
    expect(await read('Box,box\n1,2\n', { header: lower })).toEqual({
      error: 'in.csv: the header names column "box" twice',
    });
    expect(await read('a,,b\n1,2,3\n')).toEqual({ error: "in.csv: the header's column 2 has no name" });
  });

  it('skips rows of nothing but empty cells and counts them; an error names the input and the line', async () => {
    let skipped = 0;
    const got = await read('a,b\n1,2\n,\n , \n', { skipped: (count) => (skipped = count) });
    expect(got).toEqual({ rows: [{ line: 2, record: { a: '1', b: '2' } }] });
    expect(skipped).toBe(2);
    expect(await read('a,b\n1,2\n1,2,3\n')).toEqual({ error: expect.stringMatching(/^in\.csv: line 3: /) });
  });

  it('reads UTF-8 strictly (--encoding hinted only where a command takes it), a named encoding otherwise, and bounds every line', async () => {
    const latin = Buffer.from('a,b\ncaf\xe9,2\n', 'latin1');
    expect(await read(latin)).toEqual({ error: expect.stringMatching(/in\.csv: line 2: bytes that are not UTF-8/) });
    expect(await read(latin, { encoding: 'windows-1252' })).toEqual({
      rows: [{ line: 2, record: { a: 'café', b: '2' } }],
    });
    const hint = async (encoding?: Encoding) => {
      const file = join(dir, 'latin.csv');
      writeFileSync(file, latin);
      return readCsv(file, 'in.csv', { encoding })
        .next()
        .catch((error: UsageError) => error.hint);
    };
    expect(await hint()).toMatch(/^save the file as UTF-8 \(in Excel/);
    expect(await hint('utf-8')).toMatch(/--encoding windows-1252/);
    expect(await read(`a,b\n1,${'x'.repeat(1024 * 1024 + 1)}\n`)).toEqual({
      error: expect.stringMatching(/in\.csv: line 2 is longer than 1 MiB/),
    });
  });

  it('sniffs outside quotes, and a header of one delimiter is enough to tell it', async () => {
    expect(await read('"a;b;c",d\n1,2\n')).toEqual({ rows: [{ line: 2, record: { 'a;b;c': '1', d: '2' } }] });
    expect(await read('a;b\n1;2\n')).toEqual({ rows: [{ line: 2, record: { a: '1', b: '2' } }] });
    expect(await read('\n\na;b\n1;2\n')).toEqual({ rows: [{ line: 4, record: { a: '1', b: '2' } }] });
  });

  it("--delimiter over a file with Excel's sep= line still skips that line; a quote is no delimiter", async () => {
    expect(await read('sep=;\na;b\n1;2\n', { delimiter: ';' })).toEqual({
      rows: [{ line: 3, record: { a: '1', b: '2' } }],
    });
    expect(await read('a"b\n1"2\n', { delimiter: '"' })).toEqual({
      error: expect.stringMatching(/--delimiter """ must be one character \(not a quote/),
    });
  });

  it('says nothing of empty rows when there were none', async () => {
    const told: number[] = [];
    expect(await read('a,b\n1,2\n', { skipped: (count) => told.push(count) })).toEqual({
      rows: [{ line: 2, record: { a: '1', b: '2' } }],
    });
    expect(told).toEqual([]);
  });

  it('refuses overlong UTF-8, and reads latin1 as latin1', async () => {
    expect(await read(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xc0, 0xaf, 0x2c, 0x31, 0x0a]))).toEqual({
      error: expect.stringMatching(/bytes that are not UTF-8/),
    });
    expect(await read(Buffer.from('a,b\ncaf\xe9,2\n', 'latin1'), { encoding: 'latin1' })).toEqual({
      rows: [{ line: 2, record: { a: 'café', b: '2' } }],
    });
  });

  it('takes a line of exactly 1 MiB and refuses one byte more', async () => {
    const cell = (bytes: number) => 'x'.repeat(bytes - 2);
    const ok = await read(`a,b\n1,${cell(1024 * 1024)}\n`);
    expect(ok.rows?.length).toBe(1);
    expect(await read(`a,b\n1,${cell(1024 * 1024 + 1)}\n`)).toEqual({
      error: expect.stringMatching(/line 2 is longer than 1 MiB/),
    });
    // The last line of a file without a newline is bounded alike.
    expect(await read(`a,b\n1,${cell(1024 * 1024 + 1)}`)).toEqual({
      error: expect.stringMatching(/line 2 is longer than 1 MiB/),
    });
  });
});
