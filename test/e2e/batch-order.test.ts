/** Rows that touch a common stock position land in file order: receive-then-move pairs never fail for being sent early. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, MSKUS, results, type BatchFixture, type Row } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { seedFaults, testSeed } from '../helpers/seeded.js';

const PAIRS = 60;
const RUNS = 20;
/** The jitter's seed: the order the answers come in (INV_TEST_SEED replays another). */
const SEED = Number(process.env.INV_TEST_SEED ?? 24);
let fx: BatchFixture;
beforeEach(() => void testSeed(SEED));
beforeAll(async () => {
  // Answers arrive in a shuffled order, as on a real network: a row sent early would overtake the one before it.
  fx = await batchFixture({ latencyMs: 1, latencyJitterMs: 6 });
  seedFaults(fx.sandbox.inventory.faults, SEED);
});
afterAll(() => fx.close());

/** A new, empty dock named `name`; its id. */
function newDock(name: string): string {
  const { account } = fx.sandbox;
  const id = account.nextLocationId();
  account.putLocation({
    id,
    display: name,
    order: 1,
    type: 'shelf',
    ref: null,
    notes: null,
    created: account.now(),
    modified: null,
  });
  return id;
}

/** Pair i: receive 1 of an item into the dock from the purchase, then move 1 from the dock to a shelf. */
function pairs(dock: string): Row[] {
  return Array.from({ length: PAIRS }, (_, i): Row[] => {
    const msku = MSKUS[i % MSKUS.length]!;
    const shelf = i % 2 ? 'Bay B' : fx.bays.D;
    return [
      { msku, quantity: 1, fromPurchaseId: '9001', to: dock },
      { msku, quantity: 1, from: dock, to: shelf },
    ];
  }).flat();
}

const docked = (dock: string) => MSKUS.map((m) => fx.sandbox.account.stockOf(m, dock)?.quantity ?? 0);

describe('rows that depend on earlier rows', () => {
  it(`a file of ${PAIRS} receive-then-move pairs passes the dry run and then ${RUNS} runs out of ${RUNS} at the default concurrency`, async () => {
    const outcomes: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const name = `Dock Z${run}`;
      const dock = newDock(name);
      const rows = pairs(name);
      const file = join(fx.dir, `pairs-${run}.csv`);
      writeFileSync(file, csv(rows));
      if (run === 0) {
        const dry = await runInv(['move', '--file', file, '--dry-run', '--output', 'ndjson'], { env: fx.authed });
        expect(dry.code, dry.stderr).toBe(0);
        expect(results(dry.stdout).filter((r) => r.status === 'would-succeed')).toHaveLength(2 * PAIRS);
      }
      // Once every pair is applied, each unit has gone from the purchase to its shelf and the dock is empty.
      const received = rows
        .filter((r) => r.from)
        .map((r) => ({ msku: r.msku, quantity: r.quantity, fromPurchaseId: '9001', to: r.to }));
      const before = fx.quantities();
      const r = await runInv(['move', '--file', file, '--output', 'ndjson'], { env: fx.authed });
      const failed = results(r.stdout).filter((o) => o.status !== 'done');
      const exact =
        JSON.stringify(fx.quantities()) === JSON.stringify(fx.expected(before, received)) &&
        docked(dock).every((q) => q === 0);
      const failures = failed.map((o) => `; line ${o.line} ${o.status}: ${o.error}`).join('');
      outcomes.push(`run ${run + 1}: exit ${r.code}, quantities ${exact ? 'exact' : 'wrong'}${failures}`);
    }
    expect(outcomes).toEqual(Array.from({ length: RUNS }, (_, i) => `run ${i + 1}: exit 0, quantities exact`));
  }, 120_000);

  it('an item import plans each row on one msku after the rows before it, as the run sends them', async () => {
    const rows = [
      { msku: 'ORD-1', title: 'Mug', cond: 'new' },
      { msku: 'ORD-1', notes: 'second row' },
      { msku: 'ORD-1', title: 'Mug, blue' },
    ];
    const input = rows.map((o) => JSON.stringify(o)).join('\n') + '\n';
    const plan = (stdout: string) =>
      results(stdout).map((o) => `${o.status} ${String((o as { change?: string }).change)}`);
    const dry = await runInv(['items', 'import', '-', '--dry-run', '--output', 'ndjson'], {
      env: fx.authed,
      stdin: input,
    });
    const planned = ['would-succeed new', 'would-succeed changed', 'would-succeed changed'];
    expect({ code: dry.code, plan: plan(dry.stdout) }, dry.stderr).toEqual({ code: 0, plan: planned });
    const run = await runInv(['items', 'import', '-', '--output', 'ndjson'], { env: fx.authed, stdin: input });
    expect({ code: run.code, plan: plan(run.stdout) }, run.stderr).toEqual({
      code: 0,
      plan: ['done created', 'done updated', 'done updated'],
    });
    expect(fx.sandbox.account.state.items['ORD-1']).toMatchObject({ title: 'Mug, blue', notes: 'second row' });
  });
});
