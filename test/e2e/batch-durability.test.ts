/** The journal on a disk that fills up, with a tail cut off, with a zeroed block: never cause for a resend. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, results, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

/** Mounts a tmpfs of `size` at a new directory; undefined where mounting is not allowed. */
function smallDisk(size: string): string | undefined {
  const dir = tempDir('disk');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    return undefined;
  }
}

/** Settles every row in doubt as applied (this sandbox applies every request it gets), as a person would after checking. */
async function resolveInDoubt(env: Record<string, string>, batch: string): Promise<number> {
  const shown = await runInv(['batch', 'show', batch, '--state', 'in-doubt', '-o', 'ndjson'], { env });
  const lines = results(shown.stdout).map((r) => r.line);
  for (const line of lines)
    expect((await runInv(['batch', 'resolve', batch, '--line', String(line), '--applied'], { env })).code).toBe(0);
  return lines.length;
}

/** Whether this machine lets the tests mount a tmpfs (root, outside a locked-down container). */
const canMount = (() => {
  const dir = smallDisk('4k');
  if (dir) execFileSync('umount', [dir]);
  return dir !== undefined;
})();

describe('a journal on a disk that fills up', () => {
  it.skipIf(!canMount)(
    'stops with a message and no stack; reruns double nothing',
    async () => {
      const disk = smallDisk('24k');
      const env = { ...fx.authed, INV_STATE_DIR: disk! };
      try {
        // Two anchor windows: the 24 KB disk is full well before their end (after some 80 rows).
        const rows = makeRows(fx, 250, 21);
        const file = join(fx.dir, 'full-disk.csv');
        writeFileSync(file, csv(rows));
        const before = { q: fx.quantities(), moves: fx.moves() };
        const first = await spawnInv(['move', '--file', file, '--json'], { env });
        expect(first.code, first.stderr).toBe(1);
        expect(first.stderr).toMatch(
          /cannot write the batch journal .*: ENOSPC; the batch stopped before sending another row/,
        );
        expect(first.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
        const sentFirst = fx.moves() - before.moves;
        expect(sentFirst).toBeGreaterThan(0);
        expect(sentFirst).toBeLessThan(250);
        execFileSync('mount', ['-o', 'remount,size=4m', disk!]);
        const second = await runInv(['move', '--file', file, '--json'], { env });
        expect([0, 6]).toContain(second.code);
        await resolveInDoubt(env, file);
        const third = await runInv(['move', '--file', file, '--json'], { env });
        expect(third.code, third.stderr).toBe(0); // every row done: nothing sent
        expect(JSON.parse(third.stdout)).toMatchObject({ done: 0, skipped: 250, failed: 0, inDoubt: 0 });
        expect(fx.moves() - before.moves).toBe(250);
        expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
      } finally {
        execFileSync('umount', [disk!]);
      }
    },
    90_000,
  );
});

describe('a damaged journal', () => {
  it('a tail cut anywhere in the last records is never cause for a resend', async () => {
    const rows = makeRows(fx, 100, 22);
    const file = join(fx.dir, 'cut.csv');
    writeFileSync(file, csv(rows));
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(first.code).toBe(0);
    const path = JSON.parse(first.stdout).journal as string;
    const whole = readFileSync(path);
    const moves = fx.moves();
    const ends = [...whole.toString('latin1').matchAll(/\n/g)].map((m) => m.index!);
    // Cuts inside the end record, inside the last row records, and at a record boundary.
    for (const cut of [whole.length - 3, ends.at(-2)! - 10, ends.at(-3)! - 40, ends.at(-4)! + 1]) {
      writeFileSync(path, whole.subarray(0, cut));
      const rerun = await runInv(['move', '--file', file, '-o', 'ndjson'], { env: fx.authed });
      // 0: the server's head says every row was done; 6: rows the cut lost are in doubt.
      expect([0, 6], `cut at ${cut}: ${rerun.stderr}`).toContain(rerun.code);
      expect(fx.moves(), `cut at ${cut}`).toBe(moves);
      if (rerun.code === 6)
        expect(results(rerun.stdout).filter((r) => r.status === 'in-doubt').length).toBeGreaterThan(0);
    }
  });

  it('a zeroed block stops the run before anything is sent, naming the record; batch show still reads it', async () => {
    const rows = makeRows(fx, 100, 23);
    const file = join(fx.dir, 'zeroed.csv');
    writeFileSync(file, csv(rows).replace(/\n$/, '\nC-1,1,Bay A,Bay B,\n'));
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    const path = JSON.parse(first.stdout).journal as string;
    writeFileSync(file, csv(rows).replace(/\n$/, '\nC-1,1,Bay A,Bay B,\nC-2,1,Bay A,Bay B,\n')); // one new row
    const bytes = readFileSync(path);
    bytes.fill(0, 2048, 2560);
    writeFileSync(path, bytes);
    const moves = fx.moves();
    const rerun = await runInv(['move', '--file', file], { env: fx.authed });
    expect(rerun.code).toBe(1);
    expect(rerun.stderr).toMatch(
      /the journal of batch .* is damaged at record \d+ \(byte \d+ of .*\): the state of some rows cannot be read, so nothing was sent/,
    );
    expect(rerun.stderr).toMatch(/inv batch show/);
    expect(fx.moves()).toBe(moves);
    const shown = await runInv(['batch', 'show', file, '-o', 'ndjson'], { env: fx.authed });
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(/the journal is damaged at record \d+/);
    const list = await runInv(['batch', 'list', '--json'], { env: fx.authed });
    expect(JSON.parse(list.stdout).find((b: { name: string }) => b.name === file)).toMatchObject({ state: 'damaged' });
  });
});
