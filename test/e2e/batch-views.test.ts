/**
 * What `inv batch show/list/resolve/prune` tell of a batch: rows picked without ambiguity, counts that add up after a
 * kill, names people use.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, type BatchFixture, type Row } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { spawnInv, startInv } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

/**
 * The environment with a state directory of its own (each test's rows have a salt of their own: a batch is the
 * account's, on the server, whatever the state directory).
 */
const fresh = (): Record<string, string> => ({ ...fx.authed, INV_STATE_DIR: tempDir('views') });

interface Shown {
  line: number;
  state: string;
  msku: string;
  row: string;
  from?: string;
  to?: string;
  fromName?: string | null;
  toName?: string | null;
}

/** The rows `inv batch show` gives for `batch`. */
async function shown(env: Record<string, string>, batch: string): Promise<Shown[]> {
  const r = await runInv(['batch', 'show', batch, '-o', 'ndjson'], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Shown);
}

/** The entry of `inv batch list --json` for `batch`. */
async function listed(env: Record<string, string>, batch: string): Promise<Record<string, unknown>> {
  const r = await runInv(['batch', 'list', '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as Array<Record<string, unknown>>).find((b) => b.name === batch)!;
}

/** Runs `file` once with the first move's connection dropped after it was applied (one row a time): that row is in doubt. */
async function runDropping(file: string, rows: Row[], env: Record<string, string>) {
  writeFileSync(file, csv(rows));
  fx.sandbox.inventory.faults.add({ status: 'drop', times: 1, path: '/v1/doMoveItem', afterApply: true });
  const r = await runInv(['move', '--file', file, '--concurrency', '1'], { env });
  expect(r.code, r.stderr).toBe(6);
}

describe('inv batch resolve', () => {
  /** Two rows in doubt that both recorded line 2: a row was inserted above between the runs. */
  async function twoOnLineTwo(name: string, env: Record<string, string>, salt: number) {
    const file = join(fx.dir, name);
    const rows = makeRows(fx, 3, salt);
    await runDropping(file, rows, env);
    const inserted: Row = { msku: 'C-3', quantity: 4, from: fx.bays.A, to: fx.bays.D };
    await runDropping(file, [inserted, ...rows], env);
    const doubt = (await shown(env, file)).filter((r) => r.state === 'in-doubt');
    expect(doubt.map((r) => r.line)).toEqual([2, 2]);
    const mine = doubt.find((r) => r.msku === 'C-3' && r.to === fx.bays.D)!;
    return { file, doubt, inserted: mine, older: doubt.find((r) => r !== mine)! };
  }

  it('--line N refuses (exit 2, nothing changed) when two rows of the batch recorded that line, listing both ids', async () => {
    const env = fresh();
    const { file, doubt } = await twoOnLineTwo('ambiguous-line.csv', env, 41);
    const r = await runInv(['batch', 'resolve', file, '--line', '2', '--applied'], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/line 2 .*2 rows/);
    for (const d of doubt) expect(r.stderr).toContain(d.row);
    expect(r.stderr).toMatch(/--row/);
    expect((await shown(env, file)).filter((s) => s.state === 'in-doubt')).toHaveLength(2);
    // A range that covers the ambiguous line changes nothing either.
    const range = await runInv(['batch', 'resolve', file, '--line', '2-3', '--applied'], { env });
    expect(range.code, range.stderr).toBe(2);
    expect((await shown(env, file)).filter((s) => s.state === 'in-doubt')).toHaveLength(2);
  }, 30_000);

  it('--row ID marks exactly that row', async () => {
    const env = fresh();
    const { file, inserted, older } = await twoOnLineTwo('by-row.csv', env, 42);
    const r = await runInv(['batch', 'resolve', file, '--row', inserted.row, '--applied'], { env });
    expect(r.code, r.stderr).toBe(0);
    const after = await shown(env, file);
    expect(after.find((s) => s.row === inserted.row)!.state).toBe('done');
    expect(after.find((s) => s.row === older.row)!.state).toBe('in-doubt');
    const not = await runInv(['batch', 'resolve', file, '--row', older.row, '--not-applied', '--json'], { env });
    expect(not.code, not.stderr).toBe(0);
    expect(JSON.parse(not.stdout)).toMatchObject({ rows: [{ row: older.row, state: 'failed' }] });
    expect((await runInv(['batch', 'resolve', file, '--row', 'ffffffffffffffff', '--applied'], { env })).code).toBe(2);
  }, 30_000);

  it('--line 2-4 resolves every row of the range when each line names one row', async () => {
    const env = fresh();
    const file = join(fx.dir, 'range.csv');
    const rows = makeRows(fx, 6, 43);
    writeFileSync(file, csv(rows));
    fx.sandbox.inventory.faults.add({ status: 'drop', times: 3, path: '/v1/doMoveItem', afterApply: true });
    expect((await runInv(['move', '--file', file, '--concurrency', '1'], { env })).code).toBe(6);
    expect((await shown(env, file)).filter((s) => s.state === 'in-doubt').map((s) => s.line)).toEqual([2, 3, 4]);
    const r = await runInv(['batch', 'resolve', file, '--line', '2-4', '--applied'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((await shown(env, file)).every((s) => s.state === 'done')).toBe(true);
    const before = fx.moves();
    expect((await runInv(['move', '--file', file], { env })).code).toBe(0); // every row done: nothing sent
    expect(fx.moves()).toBe(before);
  }, 30_000);
});

describe('inv batch list/show counts', () => {
  it("after kill -9, total, done, failed, in doubt and not sent add up to the input's rows", async () => {
    const rows = makeRows(fx, 2000, 44);
    const env = fresh();
    const file = join(fx.dir, 'killed-views.csv');
    writeFileSync(file, csv(rows));
    const before = fx.moves();
    fx.sandbox.inventory.faults.settings.latencyMs = 10;
    const run = startInv(['move', '--file', file], { env });
    await waitFor(() => fx.moves() - before >= 200, { what: '200 moves before kill -9', running: run.child });
    run.child.kill('SIGKILL');
    await run.closed;
    fx.sandbox.inventory.faults.settings.latencyMs = 0;
    const sent = fx.moves() - before;
    const info = await listed(env, file);
    const [done, failed, inDoubt, pending] = [info.done, info.failed, info.inDoubt, info.pending] as number[];
    expect({ done, failed, inDoubt, pending, sum: done! + failed! + inDoubt! + pending! }).toMatchObject({
      failed: 0,
      sum: 2000,
    });
    expect(pending).toBeGreaterThanOrEqual(2000 - sent - 8);
    expect(info.total).toBe(2000);
    const show = await runInv(['batch', 'show', file, '-o', 'ndjson'], { env });
    expect(show.stderr).toMatch(
      new RegExp(`2000 rows: ${done} done, 0 failed, ${inDoubt} in doubt, ${pending} not sent`),
    );
  }, 60_000);

  it('a batch whose failed rows were fixed and applied is finished, and prune removes it', async () => {
    const env = fresh();
    const rows = makeRows(fx, 10, 45);
    const file = join(fx.dir, 'fixed.csv');
    writeFileSync(file, csv(rows.map((r, i) => (i === 3 || i === 7 ? { ...r, to: '999999' } : r))));
    expect((await runInv(['move', '--file', file], { env })).code).toBe(6);
    expect(await listed(env, file)).toMatchObject({ state: 'incomplete', done: 8, failed: 2, pending: 0 });
    writeFileSync(file, csv(rows));
    const rerun = await runInv(['move', '--file', file, '--json'], { env });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await listed(env, file)).toMatchObject({ state: 'finished', done: 10, failed: 0, inDoubt: 0, pending: 0 });
    const pruned = await runInv(['batch', 'prune', '--older-than', '0', '--json'], { env });
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(JSON.parse(pruned.stdout)).toEqual({ removed: [file], kept: [] });
    expect((await runInv(['batch', 'list', '--json'], { env })).stdout.trim()).toBe('[]');
  }, 30_000);
});

describe('inv batch show', () => {
  it('finds a batch by the file name as typed in its directory, or by a unique base name', async () => {
    const env = fresh();
    const here = join(fx.dir, 'names');
    const there = join(fx.dir, 'names', 'sub');
    mkdirSync(there, { recursive: true });
    writeFileSync(join(here, 'd.csv'), csv(makeRows(fx, 3, 46)));
    expect((await runInv(['move', '--file', join(here, 'd.csv')], { env })).code).toBe(0);
    const typed = await spawnInv(['batch', 'show', 'd.csv'], { env, cwd: here });
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stderr).toContain(`batch "${join(here, 'd.csv')}"`);
    const base = await spawnInv(['batch', 'show', 'd.csv'], { env, cwd: tmpdir() });
    expect(base.code, base.stderr).toBe(0);
    expect(base.stderr).toContain(`batch "${join(here, 'd.csv')}"`);
    // Two batches of that base name: the one in the current directory, or a refusal naming both.
    writeFileSync(join(there, 'd.csv'), csv(makeRows(fx, 3, 47)));
    expect((await runInv(['move', '--file', join(there, 'd.csv')], { env })).code).toBe(0);
    expect((await spawnInv(['batch', 'show', 'd.csv'], { env, cwd: there })).stderr).toContain(
      `batch "${join(there, 'd.csv')}"`,
    );
    const two = await spawnInv(['batch', 'show', 'd.csv'], { env, cwd: tmpdir() });
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(join(here, 'd.csv'));
    expect(two.stderr).toContain(join(there, 'd.csv'));
  }, 30_000);

  it('names locations as the server does: "Bay A (id)"', async () => {
    const env = fresh();
    const file = join(fx.dir, 'named.csv');
    await runDropping(
      file,
      [
        { msku: 'C-5', quantity: 2, from: fx.bays.A, to: fx.bays.B },
        { msku: 'C-6', quantity: 1, from: 'Bay A', to: 'Bay D' },
      ],
      env,
    );
    const json = await shown(env, file);
    expect(json.map((r) => [r.from, r.fromName, r.to, r.toName])).toEqual([
      [fx.bays.A, 'Bay A', fx.bays.B, 'Bay B'],
      [fx.bays.A, 'Bay A', fx.bays.D, 'Bay D'],
    ]);
    const table = await runInv(['batch', 'show', file, '-o', 'table'], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(`Bay A (${fx.bays.A})`);
    expect(table.stdout).toContain(`Bay D (${fx.bays.D})`);
  }, 30_000);

  it('at 80 columns keeps each row id whole, and says per row in doubt what the quantities now imply', async () => {
    const env = fresh();
    const file = join(fx.dir, 'narrow.csv');
    const rows: Row[] = [
      { msku: 'C-7', quantity: 3, from: fx.bays.A, to: fx.bays.B },
      { msku: 'C-8', quantity: 2, from: fx.bays.A, to: fx.bays.D },
    ];
    await runDropping(file, rows, env);
    const [doubt] = (await shown(env, file)).filter((r) => r.state === 'in-doubt');
    const now = {
      from: fx.sandbox.account.stockOf('C-7', fx.bays.A)!.quantity,
      to: fx.sandbox.account.stockOf('C-7', fx.bays.B)!.quantity,
    };
    const table = await runInv(['batch', 'show', file], { env: { ...env, COLUMNS: '80' }, tty: true });
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.split('\n');
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(table.stdout).toContain(doubt!.row);
    const said = [
      `Bay A (${fx.bays.A}) holds ${now.from} and Bay B (${fx.bays.B}) ${now.to} now:`,
      `applied if they held ${now.from + 3} and ${now.to - 3} before`,
    ].join(' ');
    expect(table.stdout.replace(/\s+/g, ' ')).toContain(said);
  }, 30_000);

  it('shows location ids, with a warning, when the server cannot be reached', async () => {
    const gone = await batchFixture();
    const env = { ...gone.authed, INV_STATE_DIR: tempDir('offline') };
    const file = join(fx.dir, 'offline.csv');
    writeFileSync(file, csv([{ msku: 'C-5', quantity: 2, from: gone.bays.A, to: gone.bays.B }]));
    expect((await runInv(['move', '--file', file], { env })).code).toBe(0);
    await gone.sandbox.close();
    try {
      const table = await runInv(['batch', 'show', file, '-o', 'table'], { env });
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).toMatch(new RegExp(`C-5 +2 +${gone.bays.A} +${gone.bays.B} `));
      expect(table.stderr).toMatch(/warning: location names and quantities could not be read/);
    } finally {
      removeTempDir(gone.dir); // after the last inv run with its config folder, which that run may create anew
    }
  }, 30_000);
});
