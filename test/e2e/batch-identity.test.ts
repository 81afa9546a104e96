/**
 * The same moves are the same batch however they arrive: piped again, renamed, another profile, another spelling of the
 * server, another host, a restored or cut journal.
 */
import type { ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
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
beforeEach(() => {
  fx.sandbox.inventory.faults.clear();
  fx.sandbox.inventory.faults.settings.latencyMs = 0;
});

const ownRows = (count: number, salt: number) => makeRows(fx, count, salt);

let fileNo = 0;
/** `count` rows in a new file of the fixture's folder, with the quantities and move count before they run. */
function batchInput(count: number, salt: number, rows = ownRows(count, salt)) {
  const file = join(fx.dir, `identity-${++fileNo}.csv`);
  writeFileSync(file, csv(rows));
  return { rows, file, before: { q: fx.quantities(), moves: fx.moves() } };
}

const journals = (stateDir: string) => readdirSync(join(stateDir, 'batches')).filter((f) => f.endsWith('.journal'));
const waitForMoves = (n: number, run: ChildProcess) =>
  waitFor(() => fx.moves() >= n, {
    what: () => `move ${n} at the server (${fx.moves()} so far)`,
    running: run,
    deadline: 20_000,
    every: 5,
  });

describe('the same moves are the same batch', () => {
  it('piped with a failing row, fixed and piped again: continues the batch, each good row applied once', async () => {
    const rows = ownRows(100, 31).map((r) => ({ ...r, to: r.to.startsWith('Bay') ? fx.bays.B : r.to }));
    const broken = rows.map((r, i) => (i === 57 ? { ...r, to: 'Bay Nowhere' } : r));
    const before = { q: fx.quantities(), moves: fx.moves() };
    const first = await runInv(['move', '--file', '-', '--json'], { env: fx.authed, stdin: csv(broken) });
    expect(first.code, first.stderr).toBe(6);
    expect(JSON.parse(first.stdout)).toMatchObject({ outcome: 'ran', rows: 100, done: 99, failed: 1 });
    const second = await runInv(['move', '--file', '-', '--json'], { env: fx.authed, stdin: csv(rows) });
    expect(second.code, second.stderr).toBe(0);
    const summary = JSON.parse(second.stdout);
    expect(summary).toMatchObject({ outcome: 'continued', done: 1, skipped: 99, failed: 0, pending: 0 });
    expect(summary.batch).toBe(JSON.parse(first.stdout).batch);
    expect(second.stderr).toMatch(/continues batch/);
    expect(fx.moves() - before.moves).toBe(100);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);

  it('a finished file renamed and run again sends nothing (exit 0), naming the batch and when it finished; --again sends it anew', async () => {
    const { rows, file, before } = batchInput(60, 32);
    expect((await runInv(['move', '--file', file], { env: fx.authed })).code).toBe(0);
    const renamed = file.replace(/\.csv$/, '-done.csv');
    renameSync(file, renamed);
    const again = await runInv(['move', '--file', renamed, '--json'], { env: fx.authed });
    expect(again.code, again.stderr).toBe(0);
    expect(fx.moves() - before.moves).toBe(60);
    const summary = JSON.parse(again.stdout);
    expect(summary).toMatchObject({ outcome: 'finished', batch: file, done: 0, skipped: 60 });
    expect(summary.finished).toMatchObject({ profile: 'default' });
    expect(again.stderr).toContain(`nothing sent: batch "${file}" finished 20`);
    expect(again.stderr).toMatch(/--again/);
    const forced = await runInv(['move', '--file', renamed, '--json', '--again'], { env: fx.authed });
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ outcome: 'ran', done: 60 });
    expect(fx.moves() - before.moves).toBe(120);
    expect(fx.quantities()).toEqual(fx.expected(fx.expected(before.q, rows), rows));
  }, 60_000);

  it('the same file under a second profile of the same account is that batch: nothing sent, where it finished said', async () => {
    const { file, before } = batchInput(60, 33);
    expect((await runInv(['profile', 'create', 'colleague'], { env: fx.authed })).code).toBe(0);
    expect((await runInv(['move', '--file', file], { env: fx.authed })).code).toBe(0);
    const other = await runInv(['--profile', 'colleague', 'move', '--file', file, '--json'], { env: fx.authed });
    expect(other.code, other.stderr).toBe(0);
    expect(JSON.parse(other.stdout)).toMatchObject({
      outcome: 'finished',
      skipped: 60,
      finished: { profile: 'default' },
    });
    expect(fx.moves() - before.moves).toBe(60);
  }, 60_000);

  it('the same file with the token of another account on the same server is a batch of that account', async () => {
    const { file, before } = batchInput(20, 40);
    await fx.sandbox.oauth.addUser({
      id: '1002',
      username: 'second-seller',
      email: 'second@example.com',
      name: 'Second Seller',
      password: 'second-seller-password',
    });
    const token = fx.sandbox.oauth.issueTokens(fx.authed.INV_CLIENT_ID!, '1002', '').access_token;
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(first.code, first.stderr).toBe(0);
    const second = await runInv(['move', '--file', file, '--json'], { env: { ...fx.authed, INV_TOKEN: token } });
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ outcome: 'ran', done: 20 });
    expect(JSON.parse(second.stdout).id).not.toBe(JSON.parse(first.stdout).id);
    expect(fx.moves() - before.moves).toBe(40);
  }, 60_000);

  it('another spelling of the same server (localhost for 127.0.0.1) is the same server', async () => {
    const { file, before } = batchInput(60, 34);
    expect((await runInv(['move', '--file', file], { env: fx.authed })).code).toBe(0);
    const localhost = { ...fx.authed, INV_BASE_URL: fx.authed.INV_BASE_URL!.replace('127.0.0.1', 'localhost') };
    const r = await runInv(['move', '--file', file, '--json'], { env: localhost });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'finished', done: 0 });
    expect(fx.moves() - before.moves).toBe(60);
  }, 60_000);
});

describe('the server keeps an anchor: copied, restored and cut journals send nothing twice', () => {
  it('a copy of the state directory on a second host is refused while the first runs (--wait 0), and sends nothing twice after', async () => {
    // Two anchor windows; each move answered 20 ms late, so the run is far from its end at its 100th move.
    const { rows, file, before } = batchInput(250, 35);
    fx.sandbox.inventory.faults.settings.latencyMs = 20;
    const first = startInv(['move', '--file', file, '--json'], { env: fx.authed });
    await waitForMoves(before.moves + 100, first.child);
    // Moves held at the server while the copy runs, so the first run is surely still running then.
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    // An rsync of the journals (not the lock) to another machine, which runs the same command.
    const copy = join(fx.dir, `host-b-${fileNo}`);
    mkdirSync(join(copy, 'batches'), { recursive: true });
    for (const j of journals(fx.env.INV_STATE_DIR))
      copyFileSync(join(fx.env.INV_STATE_DIR, 'batches', j), join(copy, 'batches', j));
    const hostB = { ...fx.authed, INV_STATE_DIR: copy, INV_HOST_ID: 'warehouse-b' };
    const during = await runInv(['move', '--file', file, '--json', '--wait', '0'], { env: hostB });
    hold.release();
    expect(during.code, during.stderr).toBe(1);
    expect(during.stderr).toMatch(/is being run on /);
    const done = await first.closed;
    expect(done.code, done.stderr).toBe(0);
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    const after = await runInv(['move', '--file', file, '--json'], { env: hostB });
    expect([0, 6]).toContain(after.code);
    expect(fx.moves() - before.moves).toBe(250);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 90_000);

  it('a journal put back from a copy taken during the run sends nothing twice', async () => {
    // Two anchor windows; each move answered 20 ms late, so the run is far from its end at its 100th move.
    const { rows, file, before } = batchInput(250, 36);
    fx.sandbox.inventory.faults.settings.latencyMs = 20;
    const run = startInv(['move', '--file', file], { env: fx.authed });
    await waitForMoves(before.moves + 100, run.child);
    const backup = join(fx.dir, `backup-${fileNo}`);
    cpSync(join(fx.env.INV_STATE_DIR, 'batches'), backup, { recursive: true });
    expect(fx.moves() - before.moves, 'moves when the copy was taken').toBeLessThan(250);
    expect((await run.closed).code).toBe(0);
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    for (const j of readdirSync(backup).filter((f) => f.endsWith('.journal')))
      copyFileSync(join(backup, j), join(fx.env.INV_STATE_DIR, 'batches', j));
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect([0, 2, 6]).toContain(rerun.code);
    expect(fx.moves() - before.moves).toBe(250);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 90_000);

  it("a finished journal cut back to its first half: the rows it lost are read from the server's record of the end, none sent again", async () => {
    const { rows, file, before } = batchInput(300, 37);
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(first.code).toBe(0);
    const path = JSON.parse(first.stdout).journal as string;
    const text = readFileSync(path, 'utf8');
    const half =
      text
        .split('\n')
        .slice(0, Math.floor(text.split('\n').length / 2))
        .join('\n') + '\n';
    truncateSync(path, Buffer.byteLength(half));
    const rerun = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ outcome: 'finished', done: 0, inDoubt: 0 });
    expect(fx.moves() - before.moves).toBe(300);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 60_000);
});

describe('refusals and summaries a script can read', () => {
  it('an edited applied row is named by the line that changed, with location names', async () => {
    const twin: Row = { msku: 'C-3', quantity: 2, from: fx.bays.A, to: fx.bays.B };
    const rows: Row[] = [twin, twin, ...ownRows(10, 38)];
    const { file } = batchInput(0, 0, rows);
    const first = await runInv(['move', '--file', file], { env: fx.authed });
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(file, csv([{ ...twin, quantity: 7 }, ...rows.slice(1)]));
    const before = fx.moves();
    const r = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(r.code).toBe(2);
    expect(fx.moves()).toBe(before);
    expect(r.stderr).toMatch(
      new RegExp(`line 2 \\(msku C-3, quantity 7, from Bay A \\(${fx.bays.A}\\), to Bay B \\(${fx.bays.B}\\)\\)`),
    );
    expect(r.stderr).not.toMatch(/line 3/);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'invalid' });
  }, 60_000);

  it('bad input prints one summary object on stdout (outcome invalid)', async () => {
    const r = await runInv(['move', '--file', '-', '--json'], {
      env: fx.authed,
      stdin: 'msku,quantity,from,to\nC-1,zero,1,2\n',
    });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'invalid', rows: 1 });
  });

  it('a stopped run prints one summary object (outcome stopped)', async () => {
    const { file } = batchInput(50, 39);
    const r = await runInv(['move', '--file', file, '--json'], { env: { ...fx.authed, INV_TOKEN: 'not-a-token' } });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'stopped' });
  });
});
