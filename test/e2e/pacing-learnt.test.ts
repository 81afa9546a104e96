/**
 * A batch starts from the rate an earlier run learnt (docs/decisions.md, 19. Rate limits and outages). What is checked
 * is what the sandbox answered and what the log says, never the time taken (bench/rate-limit.mjs).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { batchFixture, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { batchFile } from '../helpers/pacing.js';

let fx: BatchFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
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
