/** The spool of stdin copies: removed with a refused input, and otherwise only when the run that made it has ended. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES } from '../../src/csv/line-limit.js';
import { identify, sweepSpool } from '../../src/batch/input/spool.js';
import { tempDir } from '../helpers/temp.js';

describe('sweepSpool', () => {
  it("removes the copies of runs that ended, and keeps this run's, those of runs still going and other files", async () => {
    const dir = tempDir('spool');
    const made = await identify('-', Readable.from(['msku,from,to,quantity\n']), dir);
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const alive = process.ppid; // the process that started this one: running while this test runs
    // Copies named as identify names them today, and as earlier versions did (no random part).
    const today = (pid: number) => made.path.replace(`stdin-${process.pid}-`, `stdin-${pid}-`);
    const earlier = (pid: number) => join(dir, `stdin-${pid}-1700000000000.txt`);
    for (const pid of [ended, alive]) for (const copy of [today, earlier]) writeFileSync(copy(pid), 'msku\n');
    writeFileSync(earlier(process.pid), 'msku\n');
    const others = [`stdin-${ended}-abc.txt`, `stdin-${ended}-1-2-3.txt`, `stdin-${ended}-1700000000000.txt.bak`];
    for (const name of others) writeFileSync(join(dir, name), 'not a copy');
    await sweepSpool(dir);
    expect(existsSync(today(ended)), 'the copy of a run that ended').toBe(false);
    expect(existsSync(earlier(ended)), 'the copy of a run that ended, named as earlier versions did').toBe(false);
    for (const copy of [today, earlier]) expect(existsSync(copy(alive)), 'the copy of a run still going').toBe(true);
    for (const path of [made.path, earlier(process.pid)]) expect(existsSync(path), "this run's copy").toBe(true);
    expect(
      readdirSync(dir)
        .filter((name) => others.includes(name))
        .sort(),
      'files not copies',
    ).toEqual(others.sort());
  });
});

describe('identify', () => {
  it('leaves no copy of stdin behind when a line is refused, however the copy and its removal race', async () => {
    // The copy is opened on one of libuv's threads while the refusal travels through promises, and removed on another:
    // a removal done before the open finds nothing, and the open then makes the file. Seen 4 to 60 times in 1,000 to 1,500 tries.
    const dir = tempDir('spool');
    const line = Buffer.alloc(MAX_LINE_BYTES + 1, 'x');
    for (let i = 0; i < 1000; i++) {
      await expect(identify('-', Readable.from([line]), dir)).rejects.toThrow(/stdin: line 1 is longer than 1 MiB/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
