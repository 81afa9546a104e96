/**
 * How a batch paces itself (docs/decisions.md, 19. Rate limits and outages): against a strict limit (a bucket of one),
 * against 429s that come whatever the rate, and from the rate an earlier run learnt. What is checked is what the
 * sandbox answered and what the log says, never the time taken (bench/rate-limit.mjs measures that).
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, results, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { seedFaults, testSeed } from '../helpers/seeded.js';
import { spawnInv } from '../helpers/spawn.js';

let fx: BatchFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** A CSV of `count` moves, and the quantities they lead to. */
function batchFile(f: BatchFixture, count: number, salt: number) {
  const rows = makeRows(f, count, salt);
  const file = join(f.dir, `moves-${salt}.csv`);
  writeFileSync(file, csv(rows));
  return { file, expected: f.expected(f.quantities(), rows) };
}

/** The rates the log's "sending at most N requests/s" lines name. */
function ratesLogged(stderr: string): number[] {
  return [...stderr.matchAll(/sending at most ([\d.]+) requests\/s/g)].map((m) => Number(m[1]));
}

describe('a batch against a strict limit: 5 requests/s, a bucket of 1', () => {
  it('applies 100 moves once each, and one 429 in the middle does not pull its rate down to the floor', async () => {
    fx = await batchFixture({ rateLimit: 5, burst: 1 });
    const { file, expected } = batchFile(fx, 100, 1);
    // A 429 beyond the bucket's (a limiter's clock, a delay on the way) once the batch is well under way.
    fx.sandbox.inventory.faults.add({ status: 429, retryAfter: 1, times: 1, after: 40, path: '/v1/doMoveItem' });
    const r = await spawnInv(['move', '--file', file, '--output', 'ndjson'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(0);
    expect(results(r.stdout).filter((o) => o.status !== 'done')).toEqual([]);
    expect(fx.quantities()).toEqual(expected);
    // The floor is 0.5 a second. It may halve the rate to find the limit, and settles near it: within a tenth when idle,
    // within half while the whole suite runs beside it (requests then reach the sandbox up to 100 ms off their slots).
    const rates = ratesLogged(r.stderr);
    expect(Math.min(...rates), r.stderr).toBeGreaterThanOrEqual(1);
    expect(rates.at(-1), r.stderr).toBeGreaterThanOrEqual(2.5);
    expect(fx.sandbox.rateLimiter.snapshot().throttled, r.stderr).toBeLessThanOrEqual(12);
  }, 180_000);
});

describe('a batch against an unlimited server that answers 30 % of requests 429 at random', () => {
  it('stops slowing down once slowing down does not make them fewer, says so, and applies every move once', async () => {
    fx = await batchFixture();
    const { file, expected } = batchFile(fx, 80, 2);
    fx.sandbox.inventory.faults.settings = { latencyMs: 0, failRate: 0.3, failStatus: 429 };
    seedFaults(fx.sandbox.inventory.faults, testSeed(39));
    const r = await runInv(['move', '--file', file, '--output', 'ndjson'], { env: fx.authed });
    fx.sandbox.inventory.faults.clear();
    expect(r.code, r.stderr).toBe(0);
    expect(results(r.stdout).filter((o) => o.status !== 'done')).toEqual([]);
    expect(fx.quantities()).toEqual(expected);
    const [before, after] = r.stderr.split(/.*429s come whatever the rate.*/);
    expect(after, r.stderr).toBeDefined();
    expect(ratesLogged(after!), 'no cut after it').toEqual([]);
    expect(ratesLogged(before!).length, r.stderr).toBeLessThanOrEqual(12);
  }, 180_000);
});

describe('a batch run a second time against the same server and operation', () => {
  it('starts at the rate the first run learnt, and is answered no 429 finding it again', async () => {
    fx = await batchFixture({ rateLimit: 100, burst: 10 });
    const first = batchFile(fx, 300, 3);
    const r1 = await runInv(['move', '--file', first.file, '--json'], { env: fx.authed });
    expect(r1.code, r1.stderr).toBe(0);
    const learnt = fx.sandbox.rateLimiter.snapshot().throttled;
    expect(learnt, 'the first run had to find the rate').toBeGreaterThan(0);
    const second = batchFile(fx, 300, 4);
    const r2 = await runInv(['move', '--file', second.file, '--json'], { env: fx.authed });
    expect(r2.code, r2.stderr).toBe(0);
    expect(fx.quantities()).toEqual(second.expected);
    expect(fx.sandbox.rateLimiter.snapshot().throttled - learnt, r2.stderr).toBe(0);
    expect(r2.stderr).toMatch(/sending at most \d+ requests\/s, the rate learnt by the last run/);
    // Kept in the state directory, open to nobody else.
    const rates = join(fx.env.INV_STATE_DIR, 'rates.json');
    expect(statSync(rates).mode & 0o777).toBe(0o600);
    expect(statSync(fx.env.INV_STATE_DIR).mode & 0o777).toBe(0o700);
  });
});
