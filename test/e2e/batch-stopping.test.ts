/**
 * Stopping is bounded: with the service gone, `--wait` bounds the whole process (lock released); a SIGTERM is
 * honoured in every phase (reading, a dry run, rows waiting out 429s, a run waiting for another PC's), and rows that
 * only ever got 429s are pending, never in doubt.
 */
import { existsSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, MSKUS, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { startInv, type RunningInv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => {
  fx.sandbox.inventory.faults.clear();
});

/** Sends `signal` once `ready` holds; resolves with the exit and the milliseconds from the signal to the exit. */
async function stopWhen(run: RunningInv, ready: () => boolean, what: string, signal: NodeJS.Signals = 'SIGTERM') {
  await waitFor(ready, { what, running: run.child, deadline: 20_000, every: 20 });
  const sent = performance.now();
  run.child.kill(signal);
  const r = await run.closed;
  return { ...r, ms: performance.now() - sent };
}

/** Whether process `pid` has `file` open; undefined where /proc does not say (not Linux). */
function holdsOpen(pid: number | undefined, file: string): boolean | undefined {
  try {
    const fds = readdirSync(`/proc/${pid}/fd`);
    return fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === realpathSync(file);
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return process.platform === 'linux' ? false : undefined;
  }
}

/**
 * A CSV of `rows` moves from bay A to B, a little different each line. The lines repeat every 70 (ten items, seven
 * quantities): written as a block repeated, a file of 600,000 rows costs no more than its write.
 */
function bigFile(name: string, rows: number): string {
  const file = join(fx.dir, name);
  const line = (i: number) => `${MSKUS[i % 10]},${1 + (i % 7)},${fx.bays.A},${fx.bays.B}\n`;
  const lines = (count: number) => Array.from({ length: count }, (_, i) => line(i)).join('');
  writeFileSync(file, `msku,quantity,from,to\n${lines(70).repeat(Math.floor(rows / 70))}${lines(rows % 70)}`);
  return file;
}

describe('a SIGTERM is honoured in every phase', () => {
  it('while rows wait out 429s: exit 143 soon after, those rows pending (never in doubt), and a rerun sends each once', async () => {
    const rows = makeRows(fx, 40, 71);
    const file = join(fx.dir, 'throttled.csv');
    writeFileSync(file, csv(rows));
    const before = { q: fx.quantities() };
    fx.sandbox.inventory.faults.add({ status: 429, times: 1_000_000, path: '/v1/doMoveItem', retryAfter: 30 });
    const run = startInv(['move', '--file', file, '--json'], { env: fx.authed });
    const r = await stopWhen(run, () => /rate limited: waiting/.test(run.output().stderr), 'a 429 wait');
    expect(r.code, r.stderr).toBe(143);
    expect(r.ms, 'milliseconds from SIGTERM to exit').toBeLessThan(5_000);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'stopped', done: 0, inDoubt: 0, pending: 40 });
    fx.sandbox.inventory.faults.clear();
    expect(fx.quantities(), 'nothing applied while every answer was 429').toEqual(before.q);
    const throttled = fx.moves();
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ done: 40, inDoubt: 0 });
    expect(fx.moves() - throttled).toBe(40);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it.each([
    ['reading a large file', ['move', '--file', 'FILE']],
    ['a dry run of a large file', ['move', '--file', 'FILE', '--dry-run']],
  ])(
    'while %s: exit 143 soon after, nothing sent',
    async (_phase, args) => {
      const file = bigFile(`big-${args.length}.csv`, 600_000);
      const moves = fx.moves();
      const run = startInv(
        args.map((a) => (a === 'FILE' ? file : a)),
        { env: fx.authed },
      );
      // Once it has the file open (half a second in where /proc cannot say), the run is reading (or checking) rows,
      // long before the end of 600,000 of them: not still loading, when a signal ends the process before inv runs.
      const started = performance.now();
      const reading = () => holdsOpen(run.child.pid, file) ?? performance.now() - started > 500;
      const r = await stopWhen(run, reading, 'the file open');
      expect(r.code, r.stderr).toBe(143);
      expect(r.ms, 'milliseconds from SIGTERM to exit').toBeLessThan(3_000);
      expect(fx.moves()).toBe(moves);
    },
    60_000,
  );

  it('while its moves hang at the server: exit 143 soon after, the moves in flight in doubt, never sent again', async () => {
    const rows = makeRows(fx, 100, 74);
    const file = join(fx.dir, 'hanging.csv');
    writeFileSync(file, csv(rows));
    const before = fx.moves();
    fx.sandbox.inventory.faults.settings.latencyMs = 5;
    const run = startInv(['move', '--file', file, '--json', '--concurrency', '4'], { env: fx.authed });
    await waitFor(() => fx.moves() - before >= 20, { what: '20 moves', running: run.child });
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    try {
      const r = await stopWhen(run, () => hold.held > 0, 'a move held at the server');
      expect(r.code, r.stderr).toBe(143);
      expect(r.ms, 'milliseconds from SIGTERM to exit').toBeLessThan(3_000);
      const summary = JSON.parse(r.stdout);
      expect(summary.inDoubt).toBeGreaterThan(0);
      expect(summary.inDoubt).toBeLessThanOrEqual(4);
    } finally {
      hold.release();
      fx.sandbox.inventory.faults.settings.latencyMs = 0;
    }
    const sent = fx.moves() - before;
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(rerun.code, rerun.stderr).toBe(6); // the rows in doubt are held, for a person to check
    expect(fx.moves() - before).toBe(
      sent + (100 - JSON.parse(rerun.stdout).inDoubt - JSON.parse(rerun.stdout).skipped),
    );
    expect(fx.moves() - before).toBeLessThanOrEqual(100);
  }, 60_000);

  it('while it waits for another PC running the batch: exit 143 soon after, and the other run applies every row once', async () => {
    const rows = makeRows(fx, 100, 73);
    const file = join(fx.dir, 'waiting.csv');
    writeFileSync(file, csv(rows));
    const before = { q: fx.quantities(), moves: fx.moves() };
    // The first PC's moves wait at the server until the second is stopped: the first is surely running all along.
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    const pc = (name: string) => ({ ...fx.authed, INV_STATE_DIR: join(fx.dir, `${name}-state`), INV_HOST_ID: name });
    const first = startInv(['move', '--file', file, '--json'], { env: pc('pc-one') });
    await waitFor(() => hold.held > 0, { what: 'moves of the first PC at the server', running: first.child });
    const second = startInv(['move', '--file', file, '--json'], { env: pc('pc-two') });
    const r = await stopWhen(
      second,
      () => /waiting for pc-one/.test(second.output().stderr),
      'the second PC waiting',
    ).finally(() => hold.release());
    expect(r.code, r.stderr).toBe(143);
    expect(r.ms, 'milliseconds from SIGTERM to exit').toBeLessThan(5_000);
    expect((await first.closed).code).toBe(0);
    expect(fx.moves() - before.moves).toBe(100);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);
});

describe('large inputs', () => {
  it('a dry run keeps the first thousand rows that would fail and counts the others', async () => {
    const file = join(fx.dir, 'failing.csv');
    // One item that does not exist, a quantity of its own on each line: 1,500 rows that would fail, one item to look up.
    const lines = Array.from({ length: 1500 }, (_, i) => `NO-SUCH,${i + 1},${fx.bays.A},${fx.bays.B}`);
    writeFileSync(file, `msku,quantity,from,to\n${lines.join('\n')}\n`);
    const r = await runInv(['move', '--file', file, '--dry-run', '--json'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(6);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ wouldFail: 1500, moreProblems: 500 });
    expect(summary.problems).toHaveLength(1000);
    const table = await runInv(['move', '--file', file, '--dry-run'], { env: fx.authed, tty: true });
    expect(table.stderr).toMatch(/… and 500 more row\(s\) like these, not listed here: `-o ndjson` prints every row/);
  }, 60_000);
});

describe('--wait bounds the whole process', () => {
  it('with the service gone mid-batch: exit 1 within --wait and a little more, the lock released', async () => {
    const own = await batchFixture();
    const rows = makeRows(own, 400, 72).map((r) => ({ ...r, from: r.from ? own.bays.A : undefined, to: own.bays.B }));
    const file = join(own.dir, 'gone.csv');
    writeFileSync(file, csv(rows));
    own.sandbox.inventory.faults.settings.latencyMs = 10;
    const run = startInv(['move', '--file', file, '--json', '--wait', '4s'], { env: own.authed });
    await waitFor(() => own.moves() >= 50, { what: '50 moves before the service goes', running: run.child, every: 2 });
    const gone = performance.now();
    await own.sandbox.close();
    const r = await run.closed;
    const seconds = (performance.now() - gone) / 1000;
    expect(r.code, r.stderr).toBe(1);
    expect(seconds, 'seconds from the outage to the exit').toBeLessThan(4 + 4);
    const journal = JSON.parse(r.stdout).journal as string;
    expect(existsSync(`${journal}.lock`)).toBe(false);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'stopped', failed: 0 });
    await own.close();
  }, 90_000);
});
