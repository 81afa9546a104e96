/**
 * Batches as people and cron run them: fix and rerun, edits, two runs at once, finished batches, other servers, and
 * errors that are not the rows'.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, type BatchFixture, type Row } from '../helpers/batch.js';
import { runInv, startInvInProcess } from '../helpers/io.js';
import { startInv } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

/** `count` rows written to `name` in the fixture's folder, with the quantities and move count before they run. */
function batchInput(name: string, count: number, salt: number) {
  const rows = makeRows(fx, count, salt);
  const file = join(fx.dir, name);
  writeFileSync(file, csv(rows));
  return { rows, file, before: { q: fx.quantities(), moves: fx.moves() } };
}

describe('rerunning a batch', () => {
  it('fix and rerun: a 1,000-row file (five anchor windows) with 10 bad destinations applies every row exactly once', async () => {
    const rows = makeRows(fx, 1000, 11);
    const bad = new Set(Array.from({ length: 10 }, (_, i) => 17 + i * 29));
    const broken = rows.map((r, i) => (bad.has(i) ? { ...r, to: '999999' } : r));
    const file = join(fx.dir, 'fix.csv');
    writeFileSync(file, csv(broken));
    const before = { q: fx.quantities(), moves: fx.moves() };
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(first.code, first.stderr).toBe(6);
    expect(JSON.parse(first.stdout)).toMatchObject({ rows: 1000, done: 990, failed: 10, inDoubt: 0 });
    expect(first.stderr).toMatch(/fix the failed rows in the file and run the same command again/);
    writeFileSync(file, csv(rows));
    const second = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ rows: 1000, done: 10, skipped: 990, failed: 0 });
    expect(JSON.parse(second.stdout).problems).toEqual([]); // rows skipped as done are not problems
    expect(fx.moves() - before.moves).toBe(1010);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it('refuses (exit 2, nothing sent) when a row that was applied is edited or removed', async () => {
    const rows = makeRows(fx, 40, 12);
    const file = join(fx.dir, 'edit.csv');
    writeFileSync(file, csv(rows));
    expect((await runInv(['move', '--file', file], { env: fx.authed })).code).toBe(0);
    const same = (a: Row, b: Row) =>
      a.msku === b.msku &&
      a.quantity === b.quantity &&
      a.from === b.from &&
      a.fromPurchaseId === b.fromPurchaseId &&
      a.to === b.to;
    const unique = rows.findIndex((r) => rows.filter((o) => same(o, r)).length === 1);
    const edited: Row[] = rows.map((r, i) => (i === unique ? { ...r, quantity: 77 } : r));
    writeFileSync(file, csv([...edited, { msku: 'C-1', quantity: 1, from: fx.bays.A, to: fx.bays.B }]));
    const before = fx.moves();
    const r = await runInv(['move', '--file', file], { env: fx.authed });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/1 row\(s\) of batch .* are changed or gone from the input; nothing was sent/);
    expect(r.stderr).toMatch(
      new RegExp(
        `line ${unique + 2} \\(msku ${rows[unique]!.msku}, quantity 77, .*\\) no longer matches the row applied before \\(msku ${rows[unique]!.msku}, quantity ${rows[unique]!.quantity},`,
      ),
    );
    expect(r.stderr).toMatch(/editing a file cannot take back what was applied/);
    expect(fx.moves() - before).toBe(0);
  });

  it('refuses (exit 2, nothing sent) when a row in doubt is edited: it may have been applied', async () => {
    const { rows, file, before } = batchInput('doubt-edit.csv', 4, 21);
    fx.sandbox.inventory.faults.add({ status: 502, times: 1, path: '/v1/doMoveItem', afterApply: true });
    const first = await runInv(['move', '--file', file, '--json', '--concurrency', '1'], { env: fx.authed });
    expect(first.code, first.stderr).toBe(6);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ done: 3, inDoubt: 1 });
    const doubtful = summary.problems[0].line - 2;
    writeFileSync(file, csv(rows.map((r, i) => (i === doubtful ? { ...r, quantity: r.quantity + 1 } : r))));
    const edited = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(edited.code, edited.stderr).toBe(2);
    expect(edited.stderr).toMatch(/1 row\(s\) of batch .* are changed or gone from the input; nothing was sent/);
    expect(fx.moves() - before.moves).toBe(4);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  });

  it('lets one run at a time: a second run of the same batch with --wait 0 exits 1 at once, and totals are exact', async () => {
    const { rows, file, before } = batchInput('twice-at-once.csv', 100, 13);
    fx.sandbox.inventory.faults.settings.latencyMs = 10;
    const first = startInv(['move', '--file', file, '--json'], { env: fx.authed });
    const { child } = first;
    await waitFor(() => fx.moves() - before.moves >= 20, { what: "the first run's 20th move", running: child });
    // Hold the first run's moves at the server while the second starts, so it is surely still running.
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    const second = await runInv(['move', '--file', file, '--json', '--wait', '0'], { env: fx.authed });
    // At once: the second run ended while the first, its moves held, could not have ended.
    const firstStillRunning = child.exitCode === null && child.signalCode === null;
    hold.release();
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`is being run by process ${child.pid} on .*, started 20\\d\\d-`));
    const done = await first.closed;
    expect(done.code).toBe(0);
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    expect(JSON.parse(done.stdout)).toMatchObject({ done: 100 });
    expect(fx.moves() - before.moves).toBe(100);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
    expect(firstStillRunning, 'the second run did not wait for the first').toBe(true);
  }, 60_000);

  it('takes over the lock of a run that was killed', async () => {
    const { file, before } = batchInput('killed.csv', 100, 14);
    fx.sandbox.inventory.faults.settings.latencyMs = 10;
    const run = startInv(['move', '--file', file], { env: fx.authed });
    await waitFor(() => fx.moves() - before.moves >= 20, { what: '20 moves of the run to kill', running: run.child });
    run.child.kill('SIGKILL');
    await run.closed;
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(rerun.stderr).not.toMatch(/is being run by/);
    expect([0, 6]).toContain(rerun.code);
    const summary = JSON.parse(rerun.stdout);
    expect(summary.done + summary.skipped + summary.inDoubt).toBe(100);
    // Rows killed in flight are in doubt, not resent: never more than one request per row.
    expect(fx.moves() - before.moves).toBeLessThanOrEqual(100);
    expect(fx.moves() - before.moves).toBeGreaterThanOrEqual(100 - summary.inDoubt);
  }, 60_000);

  it('the same file against two sandboxes is two batches: it applies on each', async () => {
    const other = await batchFixture();
    try {
      const rows = makeRows(fx, 30, 15).map((r) => ({
        ...r,
        from: r.from ? 'Bay A' : undefined,
        to: r.to.startsWith('Bay') ? r.to : 'Bay B',
      }));
      const file = join(fx.dir, 'two-servers.csv');
      writeFileSync(file, csv(rows));
      const before = { here: fx.quantities(), there: other.quantities() };
      const here = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
      const there = await runInv(['move', '--file', file, '--json'], {
        env: { ...other.authed, INV_STATE_DIR: fx.env.INV_STATE_DIR },
      });
      expect(here.code, here.stderr).toBe(0);
      expect(there.code, there.stderr).toBe(0);
      expect(JSON.parse(there.stdout)).toMatchObject({ done: 30, skipped: 0 });
      expect(fx.quantities()).toEqual(fx.expected(before.here, rows));
      expect(other.quantities()).toEqual(other.expected(before.there, rows));
    } finally {
      await other.close();
    }
  });
});

describe("errors that are not the rows' stop the batch", () => {
  it('a revoked session: exit 4 after no more than --concurrency requests, rows left pending', async () => {
    const own = await batchFixture();
    try {
      const rows = makeRows(own, 400, 16); // location names in the file (every fourth row)
      const file = join(own.dir, 'revoked.csv');
      writeFileSync(file, csv(rows));
      own.sandbox.inventory.faults.settings.latencyMs = 10;
      const run = startInvInProcess(['move', '--file', file, '--json', '--concurrency', '4'], { env: own.authed });
      await waitFor(() => own.moves() >= 50, {
        what: '50 moves before the session is revoked',
        running: run.state,
        every: 2,
      });
      own.sandbox.oauth.expireAccessTokens();
      const atRevoke = own.moves();
      const { code, stdout, stderr } = await run.closed;
      expect(code, stderr).toBe(4);
      expect(own.moves() - atRevoke).toBeLessThanOrEqual(4);
      const summary = JSON.parse(stdout);
      expect(summary.pending).toBeGreaterThan(0);
      expect(summary.failed).toBe(0);
      expect(stderr).not.toMatch(/fix the failed rows/);
    } finally {
      await own.close();
    }
  }, 60_000);

  it('a server that stops answering for longer than --wait: exit 1, unsent rows pending', async () => {
    const own = await batchFixture();
    const rows = makeRows(own, 400, 17).map((r) => ({
      ...r,
      to: r.to.startsWith('Bay') ? own.bays.B : r.to,
      from: r.from ? own.bays.A : undefined,
    }));
    const file = join(own.dir, 'stopped.csv');
    writeFileSync(file, csv(rows));
    own.sandbox.inventory.faults.settings.latencyMs = 10;
    const run = startInvInProcess(['move', '--file', file, '--json', '--wait', '300ms'], { env: own.authed });
    await waitFor(() => own.moves() >= 50, { what: '50 moves before the server stops', running: run.state, every: 2 });
    await own.close();
    const { code, stdout, stderr } = await run.closed;
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/service unreachable: retry 1 in \d+ s/);
    expect(stderr).toMatch(/cannot connect/);
    const summary = JSON.parse(stdout);
    expect(summary.pending).toBeGreaterThan(0);
    expect(summary.failed).toBe(0);
  }, 60_000);

  it('a 2xx whose body cannot be read counts as applied (with a warning), so a rerun does not resend it', async () => {
    const { rows, file, before } = batchInput('garbled.csv', 10, 18);
    fx.sandbox.inventory.faults.add({ status: 'garble', times: 2, path: '/v1/doMoveItem' });
    const r = await runInv(['move', '--file', file, '--json', '--concurrency', '1'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/applied, but the answer could not be read/);
    expect(JSON.parse(r.stdout)).toMatchObject({ done: 10, failed: 0 });
    expect((await runInv(['move', '--file', file], { env: fx.authed })).code).toBe(0); // finished: nothing sent
    expect(fx.moves() - before.moves).toBe(10);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  });

  it('a 502 or 503 answered after the move was applied makes the row in doubt, so a rerun does not resend it', async () => {
    const { rows, file, before } = batchInput('gateway.csv', 4, 19);
    fx.sandbox.inventory.faults.add({ status: 502, times: 1, path: '/v1/doMoveItem', afterApply: true });
    fx.sandbox.inventory.faults.add({ status: 503, times: 1, path: '/v1/doMoveItem', afterApply: true });
    const r = await runInv(['move', '--file', file, '--json', '--concurrency', '1'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ done: 2, failed: 0, inDoubt: 2 });
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(rerun.code, rerun.stderr).toBe(6);
    expect(fx.moves() - before.moves).toBe(4);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  });

  it('inv api GET /v1/doSendToFBA with a dropped connection is sent once and reported in doubt (exit 1)', async () => {
    const { account } = fx.sandbox;
    account.adjustStock(account.ensureStock('C-0', fx.bays.D).id, 5);
    const before = fx.sandbox.inventory.stats.count('/v1/doSendToFBA');
    fx.sandbox.inventory.faults.add({ status: 'drop', times: 1, path: '/v1/doSendToFBA' });
    const r = await runInv(
      ['api', 'GET', '/v1/doSendToFBA', '-f', 'msku=C-0', '-f', 'quantity=2', '-f', `fromLocationId=${fx.bays.D}`],
      { env: fx.authed },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/may or may not have been applied/);
    expect(fx.sandbox.inventory.stats.count('/v1/doSendToFBA') - before).toBe(1);
  });
});

describe('inv batch prune', () => {
  it('keeps a batch with rows in doubt (a rerun then resends nothing) and removes a finished one', async () => {
    const env = { ...fx.authed, INV_STATE_DIR: tempDir('prune') };
    const doubtful = makeRows(fx, 6, 23);
    const finished = makeRows(fx, 3, 29);
    writeFileSync(join(fx.dir, 'doubtful.csv'), csv(doubtful));
    writeFileSync(join(fx.dir, 'finished.csv'), csv(finished));
    const before = { q: fx.quantities(), moves: fx.moves() };
    expect((await runInv(['move', '--file', join(fx.dir, 'finished.csv')], { env })).code).toBe(0);
    fx.sandbox.inventory.faults.add({ status: 'drop', times: 1, path: '/v1/doMoveItem', afterApply: true });
    expect((await runInv(['move', '--file', join(fx.dir, 'doubtful.csv'), '--concurrency', '1'], { env })).code).toBe(
      6,
    );
    const pruned = await runInv(['batch', 'prune', '--older-than', '0', '--json'], { env });
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(JSON.parse(pruned.stdout)).toEqual({
      removed: [join(fx.dir, 'finished.csv')],
      kept: [join(fx.dir, 'doubtful.csv')],
    });
    expect(pruned.stderr).toMatch(/kept ".*doubtful.csv": 1 in doubt/);
    expect((await runInv(['move', '--file', join(fx.dir, 'doubtful.csv')], { env })).code).toBe(6);
    expect(fx.moves() - before.moves).toBe(9);
    expect(fx.quantities()).toEqual(fx.expected(before.q, [...finished, ...doubtful]));
  });
});
