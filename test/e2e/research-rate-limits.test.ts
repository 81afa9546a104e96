/**
 * The research API rate limiting: `inv scout --file`, a one-shot and the scan loop pace and wait as batches do
 * (docs/decisions.md, 19. Rate limits and outages): a service that answers nothing but 429 is waited for up to --wait,
 * then exit 5 naming what was not done; 429s at random are waited out and every scan is answered.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { seedFaults, testSeed } from '../helpers/seeded.js';

/** Which requests the random 429s fall on (INV_TEST_SEED replays another draw). */
const SEED = Number(process.env.INV_TEST_SEED ?? 54);
let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
  seedFaults(fx.sandbox.research.faults, SEED);
});
beforeEach(() => void testSeed(SEED));
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.research.faults.clear());
// A run that never stops is stopped once its test has failed.
let stop = new AbortController();
afterEach(() => {
  stop.abort();
  stop = new AbortController();
});

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.env, stdin, signal: stop.signal });
/** Every research request answered 429 (Retry-After: 1), as a limiter that never lets this account through. */
const refuseAll = () => fx.sandbox.research.faults.add({ status: 429, times: 1_000_000, path: '/v1/', retryAfter: 1 });

describe('a research API that answers nothing but 429', () => {
  it('scout --file stops within --wait: exit 5, naming the rows not scouted', async () => {
    refuseAll();
    const file = join(fx.dir, 'refused.csv');
    writeFileSync(
      file,
      'code,cost\n' + Array.from({ length: 20 }, (_, i) => `B0RATE${String(i).padStart(4, '0')},4.00\n`).join(''),
    );
    const r = await inv(['scout', '--file', file, '--json', '--wait', '2s']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/rate limited/);
    expect(r.stderr).toMatch(/--wait ran out, not scouted: lines? 2\b/);
    expect(r.stderr).toMatch(/--wait/);
  }, 20_000);

  it('a one-shot (inv fees) stops within --wait: exit 5, saying what was not done', async () => {
    refuseAll();
    const r = await inv(['fees', 'B00X4WHP5E', '--price', '10', '--wait', '2s']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/rate limited/);
    expect(r.stderr).toMatch(/--wait/);
    expect(r.stdout).toBe('');
  }, 20_000);
});

describe('a research API that answers 429 at random', () => {
  it('the scan loop answers every scan', async () => {
    Object.assign(fx.sandbox.research.faults.settings, { failRate: 0.3, failStatus: 429, retryAfter: 0 });
    const codes = Array.from({ length: 12 }, (_, i) => `B0RAND${String(i).padStart(4, '0')}`);
    const r = await inv(['scout', '--cost', '3', '--json'], codes.join('\n') + '\n');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { code: string; reasons: string[] });
    expect(lines.map((l) => l.code)).toEqual(codes);
    for (const line of lines) expect(line.reasons.join(' ')).not.toMatch(/rate limited/);
  }, 60_000);
});
