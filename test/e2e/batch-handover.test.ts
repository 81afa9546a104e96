/**
 * A batch handed from one machine to another: what the first left on the server (its head, its windows, the rows not
 * done, the account id) is what the second continues from, whatever went wrong on the first.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, type BatchFixture, type Row } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { startInv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

const settings = () => fx.sandbox.account.state.settings;
const heads = () => Object.keys(settings()).filter((k) => /^INV_BATCH_[0-9a-f]{20}$/.test(k));
const pc = (name: string) => ({
  ...fx.authed,
  INV_STATE_DIR: mkdtempSync(join(fx.dir, `${name}-`)),
  INV_HOST_ID: name,
});
let n = 0;
const fileOf = (rows: Row[]) => {
  const file = join(fx.dir, `handover-${++n}.csv`);
  writeFileSync(file, csv(rows));
  return file;
};

const move = (file: string, env: Record<string, string | undefined>) =>
  runInv(['move', '--file', file, '--json'], { env }).then((r) => ({ ...r, summary: JSON.parse(r.stdout || '{}') }));

describe('the account and the head', () => {
  it.each([404, 403])(
    'one %s answered to the INV_ACCOUNT read does not make a finished file new work',
    async (status) => {
      const rows = makeRows(fx, 50, status === 404 ? 1 : 2);
      const file = fileOf(rows);
      expect((await runInv(['move', '--file', file, '--json'], { env: fx.authed })).code).toBe(0);
      const id = settings().INV_ACCOUNT;
      const moves = fx.moves();
      fx.sandbox.inventory.faults.add({ status, times: 1, path: '/v1/settings/INV_ACCOUNT', method: 'GET' });
      const r = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
      const sent = fx.moves() - moves;
      const after = settings().INV_ACCOUNT;
      expect({ sent, outcome: JSON.parse(r.stdout).outcome, same: after === id }).toEqual({
        sent: 0,
        outcome: 'finished',
        same: true,
      });
    },
    60_000,
  );

  it('after a SIGTERM the head says stopped, and another PC continues without holding done rows in doubt', async () => {
    // Two anchor windows: when the stop lands in the first, the second is reserved and not sent.
    const rows = makeRows(fx, 250, 3);
    const file = fileOf(rows);
    const before = { q: fx.quantities(), moves: fx.moves(), heads: new Set(heads()) };
    // Each move answered 20 ms late: the run is far from its end (over 0.6 s) when it is stopped at its 100th move.
    fx.sandbox.inventory.faults.settings.latencyMs = 20;
    const run = startInv(['move', '--file', file, '--json'], { env: pc('pc-x') });
    await waitFor(() => fx.moves() - before.moves >= 100, { what: '100 moves', running: run.child });
    run.child.kill('SIGTERM');
    const stopped = await run.closed;
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    expect(stopped.code, stopped.stderr).toBe(143);
    expect(JSON.parse(stopped.stdout).done, 'rows done before the stop').toBeLessThan(250);
    const head = heads().find((k) => !before.heads.has(k))!;
    const state = JSON.parse(settings()[head]!).state as string;
    // Another PC, two minutes later (past any lease): it should continue the batch and send the rest.
    const later = Date.now() + 120_000;
    const other = await runInv(['move', '--file', file, '--json'], { env: pc('pc-y'), now: () => later });
    const summary = JSON.parse(other.stdout) as Record<string, unknown>;
    expect({ state, code: other.code, inDoubt: summary.inDoubt }).toEqual({ state: 'stopped', code: 0, inDoubt: 0 });
  }, 60_000);

  it('more than 300 rows failed on one PC; the fixed file on another PC does not resend the good rows', async () => {
    // 301 rows not done: more than a head lists itself, so they are stored in parts of their own.
    const rows = makeRows(fx, 320, 4).map((r) => ({ ...r, from: fx.bays.A, fromPurchaseId: undefined }));
    const broken = rows.map((r, i) => (i < 301 ? { ...r, quantity: 999_999 } : r));
    const before = { q: fx.quantities(), moves: fx.moves() };
    const first = await runInv(['move', '--file', fileOf(broken), '--json'], { env: pc('pc-p') });
    expect(first.code, first.stderr).toBe(6);
    expect(JSON.parse(first.stdout)).toMatchObject({ failed: 301, done: 19 });
    const fixed = await runInv(['move', '--file', fileOf(rows), '--json'], { env: pc('pc-q') });
    const summary = JSON.parse(fixed.stdout) as Record<string, unknown>;
    expect({ code: fixed.code, outcome: summary.outcome, done: summary.done }).toEqual({
      code: 0,
      outcome: 'continued',
      done: 301,
    });
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it('one 400 answered to an anchor PUT mid-run stops the run; the same file on another PC sends the rest once', async () => {
    // The fifth anchor write stores window 2: the first window's 200 rows are sent, the other 100 are not.
    const rows = makeRows(fx, 300, 5);
    const file = fileOf(rows);
    const before = { q: fx.quantities(), moves: fx.moves() };
    fx.sandbox.inventory.faults.add({ status: 400, times: 1, after: 4, path: '/v1/settings/INV_BATCH', method: 'PUT' });
    const first = await runInv(['move', '--file', file, '--json'], { env: pc('pc-s') });
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toMatch(
      /the server refused the batch anchor \(account setting INV_BATCH_[0-9a-f]{20}.*part way/,
    );
    const sentFirst = fx.moves() - before.moves;
    expect(sentFirst).toBeLessThan(300);
    const later = Date.now() + 120_000;
    const other = await runInv(['move', '--file', file, '--json'], { env: pc('pc-t'), now: () => later });
    expect({ code: other.code, sent: fx.moves() - before.moves - sentFirst }, other.stderr).toEqual({
      code: 0,
      sent: 300 - sentFirst,
    });
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it('the same standing file the next night, after a night that left one row failed, continues that batch and warns', async () => {
    const rows = makeRows(fx, 40, 6);
    const file = fileOf([...rows, { msku: 'C-1', quantity: 1, from: fx.bays.A, to: 'Bay Nowhere' }]);
    const before = { q: fx.quantities(), moves: fx.moves() };
    const night1 = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(night1.code).toBe(6);
    const tomorrow = Date.now() + 24 * 3_600_000;
    const night2 = await runInv(['move', '--file', file, '--json'], { env: fx.authed, now: () => tomorrow });
    const s = JSON.parse(night2.stdout) as Record<string, unknown>;
    expect({ sent: fx.moves() - before.moves, outcome: s.outcome, skipped: s.skipped }).toEqual({
      sent: 40,
      outcome: 'continued',
      skipped: 40,
    });
    expect(night2.stderr).toMatch(
      /is unfinished since it last ran 2[34] hours ago: the rows it did then are skipped now/,
    );
    expect(night2.stderr).toContain('--batch "replenish-$(date +%F)"');
  }, 60_000);
});

describe('another PC continues', () => {
  it('rows reserved but not sent before a clean stop (exit 4) are sent by another PC, none lost', async () => {
    // Two anchor windows: the stop lands in the first, while the second is reserved.
    const rows = makeRows(fx, 250, 11);
    const file = fileOf(rows);
    const before = { q: fx.quantities(), moves: fx.moves() };
    fx.sandbox.inventory.faults.add({ status: 403, times: 1_000_000, after: 120, path: '/v1/doMoveItem' });
    const first = await move(file, pc('pc-a'));
    expect(first.code, first.stderr).toBe(4);
    fx.sandbox.inventory.faults.clear();
    const second = await move(file, pc('pc-b'));
    expect(second.code, second.stderr).toBe(0);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it("a run continuing another PC's batch stores its windows after that PC's: a third PC resends nothing", async () => {
    // Three anchor windows, the failed row in the middle one.
    const rows = makeRows(fx, 500, 12);
    const broken = rows.map((r, i) => (i === 250 ? { ...r, to: 'Bay Nowhere' } : r));
    const before = { q: fx.quantities(), moves: fx.moves() };
    expect((await move(fileOf(broken), pc('pc-a'))).code).toBe(6);
    const fixed = fileOf(rows);
    const second = await move(fixed, pc('pc-b'));
    expect(second.summary, second.stderr).toMatchObject({ outcome: 'continued', done: 1 });
    const third = await move(fixed, pc('pc-c'));
    expect(third.code, third.stderr).toBe(0);
    expect(fx.moves() - before.moves).toBe(500);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it('rows added to a file another PC finished an hour ago: only the added rows are sent', async () => {
    const rows = makeRows(fx, 100, 13);
    const added = [...rows, ...makeRows(fx, 5, 14)];
    const before = { q: fx.quantities(), moves: fx.moves() };
    expect((await move(fileOf(rows), pc('pc-a'))).code).toBe(0);
    const r = await move(fileOf(added), pc('pc-b'));
    expect(r.summary, r.stderr).toMatchObject({ outcome: 'continued', done: 5, skipped: 100 });
    expect(fx.quantities()).toEqual(fx.expected(before.q, added));
  }, 60_000);

  it('a register that cannot be written stops the run before anything is sent', async () => {
    const rows = makeRows(fx, 50, 15);
    const moves = fx.moves();
    fx.sandbox.inventory.faults.add({ status: 503, times: 8, path: '/v1/settings/INV_BATCHES_', method: 'PUT' });
    const r = await move(fileOf(rows), pc('pc-a'));
    expect(r.code, r.stderr).toBe(1);
    expect(fx.moves() - moves).toBe(0);
  }, 60_000);
});

describe('the register', () => {
  it("the next night, a file holding all of another PC's finished batch and more is new work: every row sent", async () => {
    const rows = makeRows(fx, 60, 16);
    const tomorrow = [...rows, ...makeRows(fx, 10, 17)];
    const before = { q: fx.quantities(), moves: fx.moves() };
    expect((await move(fileOf(rows), pc('pc-a'))).code).toBe(0);
    const later = Date.now() + 24 * 3_600_000;
    const r = await runInv(['move', '--file', fileOf(tomorrow), '--json'], { env: pc('pc-b'), now: () => later });
    expect(JSON.parse(r.stdout), r.stderr).toMatchObject({ outcome: 'ran', done: 70 });
    expect(fx.quantities()).toEqual(fx.expected(fx.expected(before.q, rows), tomorrow));
  }, 60_000);
});
