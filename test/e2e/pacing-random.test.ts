/**
 * How a batch paces itself against 429s that come whatever the rate (docs/decisions.md, 19. Rate limits and outages).
 * What is checked is what the sandbox answered and what the log says, never the time taken (bench/rate-limit.mjs).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { batchFixture, results, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { batchFile, ratesLogged } from '../helpers/pacing.js';
import { seedFaults, testSeed } from '../helpers/seeded.js';

let fx: BatchFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
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
