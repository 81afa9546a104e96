/** inv move --file: journal, dry run, in-doubt rows, Ctrl-C, and a SIGKILL in the middle of 2,000 rows. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  batchFixture,
  csv,
  makeRows as makeBatchRows,
  results,
  START,
  type BatchFixture,
  type Row,
} from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { startInv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';
import { seedFaults, testSeed } from '../helpers/seeded.js';

let fx: BatchFixture;
let LOCATIONS: BatchFixture['bays'];
beforeAll(async () => {
  fx = await batchFixture();
  LOCATIONS = fx.bays;
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

const makeRows = (count: number, salt: number) => makeBatchRows(fx, count, salt);
const quantities = () => fx.quantities();
const expected = (before: Record<string, number>, rows: Row[]) => fx.expected(before, rows);
const moves = () => fx.moves();

describe('a batch of moves', () => {
  it('dry run checks every row against current state and changes nothing', async () => {
    const rows = makeRows(50, 1);
    const bad = [
      ...rows,
      { msku: 'C-1', quantity: START * 10, from: LOCATIONS.A, to: LOCATIONS.B },
      { msku: 'NOPE', quantity: 1, from: LOCATIONS.A, to: LOCATIONS.B },
    ];
    const file = join(fx.dir, 'dry.csv');
    writeFileSync(file, csv(bad));
    const before = { q: quantities(), moves: moves(), snapshot: fx.snapshot() };
    const r = await runInv(['move', '--file', file, '--dry-run', '--output', 'ndjson'], { env: fx.authed });
    expect(r.code).toBe(6);
    const out = results(r.stdout);
    expect(out).toHaveLength(52);
    // Simulated in file order: the rows before the big one succeed; it and the unknown item fail.
    expect(out.find((o) => o.line === 52)).toMatchObject({ status: 'would-fail' });
    expect(out.find((o) => o.line === 53)).toMatchObject({ status: 'would-fail', error: 'item "NOPE" not found' });
    expect(out.filter((o) => o.status === 'would-succeed').length).toBe(50);
    // The summary of a dry run never counts a row as done: a script reading `done` learns that nothing was.
    const summary = await runInv(['move', '--file', file, '--dry-run', '--json'], { env: fx.authed });
    expect(summary.code).toBe(6);
    expect(JSON.parse(summary.stdout)).toMatchObject({
      dryRun: true,
      rows: 52,
      done: 0,
      failed: 0,
      wouldSucceed: 50,
      wouldFail: 2,
    });
    expect(moves()).toBe(before.moves);
    expect(fx.snapshot()).toBe(before.snapshot);
  });

  it('runs, then skips done rows when run again', async () => {
    const rows = makeRows(60, 2);
    const file = join(fx.dir, 'twice.csv');
    writeFileSync(file, csv(rows));
    const before = { q: quantities(), moves: moves() };
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ rows: 60, done: 60, failed: 0, inDoubt: 0 });
    const second = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ outcome: 'finished', rows: 60, done: 0, skipped: 60 });
    expect(second.stderr).toMatch(
      /nothing sent: batch ".*twice\.csv" finished 20\d\d-.* from profile "default", with every row of this input done/,
    );
    expect(second.stderr).toMatch(/--again/);
    expect(moves() - before.moves).toBe(60);
    expect(quantities()).toEqual(expected(before.q, rows));
    // A new name alone does not make tonight's same moves a new batch; --again does.
    const renamed = await runInv(['move', '--file', file, '--json', '--batch', 'twice-again'], { env: fx.authed });
    expect(renamed.code).toBe(0);
    expect(JSON.parse(renamed.stdout)).toMatchObject({ outcome: 'finished', done: 0 });
    expect(moves() - before.moves).toBe(60);
    const third = await runInv(['move', '--file', file, '--json', '--batch', 'twice-again', '--again'], {
      env: fx.authed,
    });
    expect(third.code, third.stderr).toBe(0);
    expect(JSON.parse(third.stdout)).toMatchObject({ batch: 'twice-again', done: 60 });
    expect(moves() - before.moves).toBe(120);
    expect(quantities()).toEqual(expected(expected(before.q, rows), rows));
  });

  it('reports rows whose connection dropped as in doubt, does not resend them, and resends them only with --retry-in-doubt', async () => {
    const rows = makeRows(30, 3);
    const input = csv(rows);
    const before = { q: quantities(), moves: moves() };
    fx.sandbox.inventory.faults.add({ status: 'drop', times: 3, path: '/v1/doMoveItem' });
    const first = await runInv(['move', '--file', '-', '--output', 'ndjson', '--concurrency', '1'], {
      env: fx.authed,
      stdin: input,
    });
    expect(first.code).toBe(6);
    expect(
      results(first.stdout)
        .filter((o) => o.status === 'in-doubt')
        .map((o) => o.line),
    ).toEqual([2, 3, 4]);
    // A done row carries the destination's itemLocation as the server answered it.
    const done = results(first.stdout).find((o) => o.status === 'done')!;
    expect(done.itemLocation).toMatchObject({
      msku: done.msku,
      locationId: expect.any(String),
      quantity: expect.anything(),
    });
    // The sandbox applied the dropped moves: every row is applied once.
    expect(quantities()).toEqual(expected(before.q, rows));
    const again = await runInv(['move', '--file', '-', '--output', 'ndjson'], { env: fx.authed, stdin: input });
    expect(again.code).toBe(6);
    expect(results(again.stdout).filter((o) => o.status === 'in-doubt')).toHaveLength(3);
    expect(moves() - before.moves).toBe(30);
    const unconfirmed = await runInv(['move', '--file', '-', '--json', '--retry-in-doubt'], {
      env: fx.authed,
      stdin: input,
    });
    expect(unconfirmed.code).toBe(7);
    expect(moves() - before.moves).toBe(30);
    const retried = await runInv(['move', '--file', '-', '--json', '--retry-in-doubt', '--yes'], {
      env: fx.authed,
      stdin: input,
    });
    expect(JSON.parse(retried.stdout)).toMatchObject({ done: 3, skipped: 27 });
    expect(moves() - before.moves).toBe(33);
  });

  it('counts a 500 answered after the move was applied as in doubt, not failed, and does not resend it', async () => {
    const rows = makeRows(5, 6);
    const input = csv(rows);
    const before = { q: quantities(), moves: moves() };
    fx.sandbox.inventory.faults.add({ status: 500, times: 1, path: '/v1/doMoveItem', afterApply: true });
    const first = await runInv(['move', '--file', '-', '--output', 'ndjson', '--concurrency', '1'], {
      env: fx.authed,
      stdin: input,
    });
    expect(first.code).toBe(6);
    const statuses = results(first.stdout).map((o) => o.status);
    expect(statuses).toEqual(['in-doubt', 'done', 'done', 'done', 'done']);
    expect(quantities()).toEqual(expected(before.q, rows));
    const again = await runInv(['move', '--file', '-', '--json'], { env: fx.authed, stdin: input });
    expect(JSON.parse(again.stdout)).toMatchObject({ done: 0, skipped: 4 });
    expect(moves() - before.moves).toBe(5);
  });

  it('stops cleanly on Ctrl-C with the journal kept; the rerun finishes the rest', async () => {
    const rows = makeRows(120, 4);
    const file = join(fx.dir, 'interrupted.csv');
    writeFileSync(file, csv(rows));
    const before = { q: quantities(), moves: moves() };
    fx.sandbox.inventory.faults.settings.latencyMs = 15;
    const run = startInv(['move', '--file', file, '--json'], { env: fx.authed });
    await waitFor(() => moves() - before.moves >= 40, { what: '40 moves before Ctrl-C', running: run.child });
    // Moves held at the server while Ctrl-C arrives: the run cannot reach its end before it sees the signal.
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    await waitFor(() => hold.held > 0, { what: 'a move held at the server', running: run.child });
    run.child.kill('SIGINT');
    hold.release();
    const { code, stdout, stderr } = await run.closed;
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    expect(code).toBe(130);
    expect(stderr).toMatch(/stopped before the end: the journal is kept/);
    const summary = JSON.parse(stdout);
    expect(summary.inDoubt).toBe(0);
    expect(summary.done).toBe(moves() - before.moves);
    expect(summary.done).toBeLessThan(120);
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ done: 120 - summary.done, skipped: summary.done });
    expect(moves() - before.moves).toBe(120);
    expect(quantities()).toEqual(expected(before.q, rows));
  });

  // 2,000 rows (the crash test's size since the first batch engine) are ten anchor windows of 200: the kill lands
  // in the fourth or later, after a window was reserved ahead.
  it('survives SIGKILL in the middle of 2,000 rows: no row applied twice or skipped, dropped rows in doubt and not resent', async () => {
    const rows = makeRows(2000, 5);
    const file = join(fx.dir, 'crash.csv');
    writeFileSync(file, csv(rows));
    const before = { q: quantities(), moves: moves() };
    fx.sandbox.inventory.faults.settings.dropRate = 0.01;
    seedFaults(fx.sandbox.inventory.faults, testSeed(5));
    const run = startInv(['move', '--file', file, '--output', 'ndjson'], { env: fx.authed });
    await waitFor(() => moves() - before.moves >= 700, {
      what: () => `700 moves before the kill (${moves() - before.moves} so far)`,
      running: run.child,
      every: 2,
      deadline: 25_000,
    });
    // Hold moves once received, so the kill lands while every row journaled as sent is at the server: wait until the
    // number held stops growing (ten polls 20 ms apart alike), i.e. every request the run had out has arrived.
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    let last = -1;
    let stable = 0;
    await waitFor(
      () => {
        stable = hold.held === last && hold.held > 0 ? stable + 1 : 0;
        last = hold.held;
        return stable >= 10;
      },
      { what: () => `the moves held at the server to stop growing (${hold.held} held)`, running: run.child, every: 20 },
    );
    const inFlight = hold.held;
    run.child.kill('SIGKILL');
    await run.closed;
    // Released, the held moves are applied (moves() counted them on arrival); their answers go nowhere.
    hold.release();
    const sentFirstRun = moves() - before.moves;
    expect(sentFirstRun).toBeGreaterThanOrEqual(700);
    expect(sentFirstRun).toBeLessThan(2000);

    const rerun = await runInv(['move', '--file', file, '--output', 'ndjson'], { env: fx.authed });
    fx.sandbox.inventory.faults.settings.dropRate = 0;
    expect(rerun.code).toBe(6);
    const out = results(rerun.stdout);
    expect(out).toHaveLength(2000);
    const inDoubt = out.filter((o) => o.status === 'in-doubt');
    expect(inDoubt.length).toBeGreaterThanOrEqual(inFlight);
    expect(rerun.stderr).toMatch(new RegExp(`${inDoubt.length} in doubt`));
    // Each row reached the server exactly once over both runs, and so every quantity is exact.
    expect(moves() - before.moves).toBe(2000);
    expect(quantities()).toEqual(expected(before.q, rows));
    const shown = await runInv(['batch', 'show', file, '--state', 'in-doubt', '--output', 'ndjson'], {
      env: fx.authed,
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(
      results(shown.stdout)
        .map((o) => o.line)
        .sort((a, b) => a - b),
    ).toEqual(inDoubt.map((o) => o.line).sort((a, b) => a - b));
  }, 60_000);
});
