/** The spool of stdin copies: a copy is removed only when the run that made it is no longer running. */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepSpool } from '../../src/batch/spool.js';
import { tempDir } from '../helpers/temp.js';

describe('sweepSpool', () => {
  it("removes the copies of runs that ended, and keeps this run's and those of runs still going", async () => {
    const dir = tempDir('spool');
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const copy = (pid: number) => join(dir, `stdin-${pid}-1700000000000.txt`);
    const alive = process.ppid; // the process that started this one: running while this test runs
    for (const pid of [ended, alive, process.pid]) writeFileSync(copy(pid), 'msku,from,to,quantity\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a copy');
    await sweepSpool(dir);
    expect(existsSync(copy(ended)), 'the copy of a run that ended').toBe(false);
    expect(existsSync(copy(alive)), 'the copy of a run still going').toBe(true);
    expect(existsSync(copy(process.pid)), "this run's copy").toBe(true);
    expect(existsSync(join(dir, 'notes.txt')), 'a file that is not a copy').toBe(true);
  });
});
