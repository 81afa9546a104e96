/** A night batch finishes on its own: 429s are waited out for every operation, an unreachable service is waited for. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, results, type BatchFixture } from '../helpers/batch.js';
import { runInv, startInvInProcess } from '../helpers/io.js';
import { waitFor } from '../helpers/wait.js';
import { seedFaults, testSeed } from '../helpers/seeded.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

const moves = () => fx.moves();
/** The environment of a batch that learns its rate afresh: a state directory of its own (no rate kept by another test). */
const afresh = () => ({ ...fx.authed, INV_STATE_DIR: join(fx.dir, `state-${salt}`) });
const inv = (args: string[]) => runInv(args, { env: fx.authed });
let salt = 100;
/** A CSV of `count` moves of their own (never a repeat of another test's), and the quantities they lead to. */
function batchFile(count: number) {
  const rows = makeRows(fx, count, salt++);
  const file = join(fx.dir, `moves-${salt}.csv`);
  writeFileSync(file, csv(rows));
  return { file, expected: fx.expected(fx.quantities(), rows) };
}

describe('a single command answered 429', () => {
  it.each([
    ['with Retry-After', { retryAfter: 1 }],
    ['without Retry-After', {}],
  ])('inv move is sent again after waiting, %s, and succeeds', async (_name, extra) => {
    fx.sandbox.inventory.faults.add({ status: 429, times: 1, path: '/v1/doMoveItem', ...extra });
    const before = { moves: moves(), a: fx.sandbox.account.stockOf('C-1', fx.bays.A)!.quantity };
    const r = await inv(['move', 'C-1', '1', '--from', fx.bays.A, '--to', fx.bays.B]);
    expect(r.code, r.stderr).toBe(0);
    expect(moves() - before.moves).toBe(2);
    expect(fx.sandbox.account.stockOf('C-1', fx.bays.A)!.quantity).toBe(before.a - 1);
    // A wait of a second or more is said, so that a command that pauses does not look hung.
    if ('retryAfter' in extra) expect(r.stderr).toMatch(/waiting 1 s/);
  });

  it('a 503 to doMoveItem is still in doubt and not sent again', async () => {
    fx.sandbox.inventory.faults.add({ status: 503, times: 1, path: '/v1/doMoveItem' });
    const before = moves();
    const r = await inv(['move', 'C-1', '1', '--from', fx.bays.A, '--to', fx.bays.B]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/may or may not have been applied/);
    expect(moves() - before).toBe(1);
  });
});

describe('a batch against a service that rate-limits', () => {
  it.each([
    ['with Retry-After: 0', 0],
    ['without Retry-After', undefined],
  ])(
    'finishes with exit 0 and exact quantities when one answer in 20 is 429, %s',
    async (_name, retryAfter) => {
      // 429s that come whatever the rate slow a batch down (decisions 19): a short batch, and time to finish it.
      const { file, expected } = batchFile(150);
      fx.sandbox.inventory.faults.settings = { latencyMs: 0, failRate: 0.05, failStatus: 429, retryAfter };
      seedFaults(fx.sandbox.inventory.faults, testSeed(56));
      const r = await runInv(['move', '--file', file, '--output', 'ndjson'], { env: afresh() });
      fx.sandbox.inventory.faults.clear();
      expect(r.code, r.stderr).toBe(0);
      expect(results(r.stdout).filter((o) => o.status !== 'done')).toEqual([]);
      expect(fx.quantities()).toEqual(expected);
    },
    90_000,
  );

  it('pauses the whole batch for Retry-After, and says so in the log', async () => {
    const { file, expected } = batchFile(40);
    fx.sandbox.inventory.faults.add({ status: 429, times: 1, path: '/v1/doMoveItem', retryAfter: 1 });
    const r = await runInv(['move', '--file', file, '--json'], { env: afresh() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^\S+ rate limited: waiting 1 s/m);
    expect(fx.quantities()).toEqual(expected);
  });

  it('a 503 to a move of a batch leaves that row in doubt, sent once', async () => {
    const { file } = batchFile(20);
    fx.sandbox.inventory.faults.add({ status: 503, times: 1, path: '/v1/doMoveItem' });
    const before = moves();
    const r = await runInv(['move', '--file', file, '--output', 'ndjson'], { env: afresh() });
    expect(r.code).toBe(6);
    expect(results(r.stdout).filter((o) => o.status === 'in-doubt')).toHaveLength(1);
    expect(moves() - before).toBe(20);
  });
});

describe('a batch against the sandbox rate-limiting at 100 requests/s, burst 10', () => {
  it.each([
    ['with Retry-After', true],
    ['without Retry-After', false],
  ])('finishes with exit 0 and exact quantities, %s', async (_name, retryAfter) => {
    // 2 s at the limit: 20 times the burst, past the first guess and its cuts.
    const { file, expected } = batchFile(200);
    fx.sandbox.rateLimiter.set({ rate: 100, burst: 10, retryAfter, headers: false });
    try {
      const r = await runInv(['move', '--file', file, '--json'], { env: afresh() });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran', done: 200, failed: 0, inDoubt: 0, pending: 0 });
      expect(r.stderr).toMatch(/rate limited: sending at most \d+ requests\/s/);
      expect(fx.quantities()).toEqual(expected);
    } finally {
      fx.sandbox.rateLimiter.set(undefined);
    }
  });

  it('follows the rate stated in x-amzn-RateLimit-Limit', async () => {
    const { file, expected } = batchFile(100);
    fx.sandbox.rateLimiter.set({ rate: 100, burst: 10, retryAfter: true, headers: true });
    try {
      const r = await runInv(['move', '--file', file, '--json'], { env: afresh() });
      expect(r.code, r.stderr).toBe(0);
      expect(fx.sandbox.rateLimiter.snapshot().throttled).toBeLessThan(10);
      expect(fx.quantities()).toEqual(expected);
    } finally {
      fx.sandbox.rateLimiter.set(undefined);
    }
  });
});

describe('a batch against a service that is down', () => {
  it('started while the service is down, it waits and finishes once the service is back on its port', async () => {
    const { file, expected } = batchFile(50);
    const port = Number(new URL(fx.sandbox.baseUrl).port);
    await fx.sandbox.inventory.close();
    const running = startInvInProcess(['move', '--file', file, '--json'], { env: fx.authed });
    // The service comes back once the run has found it down and is waiting to retry, not after a guessed time.
    await waitFor(() => /service unreachable: retry \d+ in \d+ s/.test(running.output().stderr), {
      what: 'the run to report the service unreachable',
      running: running.state,
    });
    await fx.sandbox.inventory.listen('127.0.0.1', port);
    const r = await running.closed;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/service unreachable: retry \d+ in \d+ s/);
    expect(fx.quantities()).toEqual(expected);
  });

  it('--wait 0 gives up at once, as a single command does', async () => {
    const { file } = batchFile(5);
    const port = Number(new URL(fx.sandbox.baseUrl).port);
    await fx.sandbox.inventory.close();
    try {
      const r = await runInv(['move', '--file', file, '--wait', '0'], { env: fx.authed });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/cannot connect/);
    } finally {
      await fx.sandbox.inventory.listen('127.0.0.1', port);
    }
  });
});
