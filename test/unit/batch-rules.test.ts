/** Batch rules pinned in absolute terms: the 12-hour window, the one-in-ten rule, the lease in time, the bounds of anchor values. */
import { describe, expect, it, vi } from 'vitest';
import { anchorKeys, boundsFor } from '../../src/batch/anchor/anchor.js';
import { accountInstance } from '../../src/batch/identity/batch-account.js';
import type { BatchEntry } from '../../src/batch/identity/catalogue.js';
import { exactBatch, otherBatches } from '../../src/batch/identity/candidates.js';
import { chooseBatch } from '../../src/batch/identity/choose.js';
import { AnchorValueError, headText, parseHead, type Head } from '../../src/batch/anchor/head.js';
import { Registry } from '../../src/batch/anchor/registry.js';
import { BatchChangedError, Lease, type LeaseEnv } from '../../src/batch/anchor/lease.js';
import { AnchorStore, type SettingStore } from '../../src/batch/anchor/setting-store.js';
import { ConnectionError } from '../../src/errors.js';
import { sleep } from '../helpers/wait.js';
import { hex, HOUR, ids, input, known, memoryStore, NOW, quiet, unnamed } from '../helpers/batch-fakes.js';

const KEY = 'a'.repeat(20);
const head = (over: Partial<Head> = {}): Head => ({
  gen: 1,
  state: 'running',
  windows: 1,
  rows: 10,
  host: 'pc-a',
  pid: 42,
  profile: 'default',
  nonce: 'b'.repeat(24),
  renewed: new Date(NOW).toISOString(),
  reserve: 1,
  bytes: 100,
  ...over,
});
const entry = (over: Partial<BatchEntry> = {}): BatchEntry => ({
  id: `${KEY}-1`,
  key: KEY,
  gen: 1,
  named: false,
  at: NOW - HOUR,
  name: 'f.csv',
  kind: 'move',
  server: 'http://loopback:1',
  account: 'u',
  profile: 'default',
  lastRun: null,
  hash: null,
  finished: true,
  path: '/nowhere',
  applied: Buffer.alloc(0),
  ...over,
});
const probe = (store: SettingStore) => ({
  store: new AnchorStore(store, quiet),
  bounds: boundsFor(1000),
  name: 'f.csv',
});

describe('the 12-hour window and the one-in-ten rule, in absolute terms', () => {
  it('the same unnamed rows 13 hours after they finished are new work; 11 hours after, that batch', () => {
    expect(chooseBatch(known('a', ids(0, 10), true, NOW - 13 * HOUR), [], input(ids(0, 10)), unnamed)).toEqual({
      kind: 'new',
      gen: 2,
    });
    expect(chooseBatch(known('a', ids(0, 10), true, NOW - 11 * HOUR), [], input(ids(0, 10)), unnamed)).toMatchObject({
      kind: 'continue',
    });
  });
  it('an input lacking 11 of 100 applied rows is new work; lacking 10, an edited copy', () => {
    const open = known('a', ids(0, 100), false);
    expect(chooseBatch(undefined, [open], input([...ids(0, 89), ...ids(900, 911)]), unnamed)).toEqual({
      kind: 'new',
      gen: 1,
    });
    expect(chooseBatch(undefined, [open], input([...ids(0, 90), ...ids(900, 910)]), unnamed)).toMatchObject({
      batch: open,
    });
  });
  it('a batch known by its name alone (a scan leg) is never another batch by its rows, finished or not', () => {
    // Two legs of a scan session with the same rows are two moves of real units: leg 2 is not leg 1 continued.
    const leg = { named: true, again: false, nameOnly: true, now: NOW };
    for (const finished of [false, true]) {
      const legOne = known('a', ids(0, 2), finished);
      expect(chooseBatch(undefined, [legOne], input(ids(0, 2)), leg)).toEqual({ kind: 'new', gen: 1 });
    }
    // Its own name again is itself: continued while unfinished, nothing sent once finished.
    const itself = known('a', ids(0, 2), true);
    expect(chooseBatch(itself, [], input(ids(0, 2)), leg)).toMatchObject({ kind: 'continue', batch: itself });
  });
  it('an input sharing nothing with an open batch of one applied row is new work', () => {
    expect(chooseBatch(undefined, [known('a', [hex(1)], false)], input(ids(100, 110)), unnamed)).toEqual({
      kind: 'new',
      gen: 1,
    });
  });
});

describe('candidates', () => {
  it('a head that says stopped is unfinished', async () => {
    const exact = await exactBatch(KEY, head({ state: 'stopped' }), [], probe(memoryStore()));
    expect(exact?.finished).toBe(false);
  });
  it('a cleared head is continued even when the journal here says finished', async () => {
    const exact = await exactBatch(KEY, 'cleared', [entry({ finished: true })], probe(memoryStore()));
    expect(exact).toMatchObject({ gen: 1, finished: false });
  });
  it('a cleared head with no journal here finds the latest generation whose windows are on the server', async () => {
    const store = memoryStore();
    for (const gen of [1, 2]) store.data.set(anchorKeys({ key: KEY, gen, id: '' }).window(1), ids(0, 3).join(','));
    expect(await exactBatch(KEY, 'cleared', [], probe(store))).toMatchObject({ gen: 2 });
  });

  const registered = (store: ReturnType<typeof memoryStore>) => {
    store.data.set('INV_BATCHES_acct', JSON.stringify([[KEY, 1, 'move', 'u', Math.floor(NOW / 1000), 3]]));
    return new Registry(new AnchorStore(store, quiet), 'INV_BATCHES_acct', { now: () => NOW, sleep });
  };
  const compare = { ids: input(ids(0, 10)), kind: 'move', key: 'c'.repeat(20), warn: quiet };

  it("another PC's rows in doubt (its run was killed) count as applied", async () => {
    const store = memoryStore();
    const registry = registered(store);
    store.data.set(`INV_BATCH_${KEY}`, headText(head()));
    store.data.set(anchorKeys({ key: KEY, gen: 1, id: '' }).window(1), ids(0, 3).join(','));
    const [other] = await otherBatches([], registry, new AnchorStore(store, quiet), compare);
    expect(other?.applied.length).toBe(3 * 8);
  });
  it('a server that cannot be reached while another batch is read stops the run (it is not left out)', async () => {
    const store = memoryStore({
      refuse: (key) => (key.startsWith('INV_BATCH_') ? new ConnectionError('cannot connect') : undefined),
    });
    const registry = registered(store);
    await expect(otherBatches([], registry, new AnchorStore(store, quiet), compare)).rejects.toThrow(/cannot connect/);
  });
});

describe('anchor values: type and bounds of every field', () => {
  const valid = headText(head());
  it.each([
    ['windows 1.5', { windows: 1.5 }],
    ['reserve beyond the bounds', { reserve: 1e12 }],
    ['a version inv never wrote', { v: 3 }],
  ])('a head with %s is refused', (_what, spoil) => {
    const text = JSON.stringify({ ...JSON.parse(valid), ...spoil });
    expect(() => parseHead('INV_BATCH_x', text, boundsFor(1000).maxWindows)).toThrow(AnchorValueError);
  });
});

describe('the account id', () => {
  it('is refused when it is not one inv wrote', async () => {
    const store = memoryStore();
    store.data.set('INV_ACCOUNT', 'oops');
    await expect(accountInstance(new AnchorStore(store, quiet), sleep, undefined)).rejects.toThrow(AnchorValueError);
  });
  it('two first runs at once agree on one id, though one write lands later', async () => {
    const data = new Map<string, string>();
    const store = (putMs: number): SettingStore => ({
      get: async (key) => data.get(key),
      put: async (key, value) => {
        await sleep(putMs);
        data.set(key, value);
      },
    });
    const [a, b] = await Promise.all([
      accountInstance(new AnchorStore(store(0), quiet), sleep, undefined),
      accountInstance(new AnchorStore(store(30), quiet), sleep, undefined),
    ]);
    expect(a).toBe(b);
  });
});

describe('the lease, in time', () => {
  const KEYS = anchorKeys({ key: KEY, gen: 1, id: '' });
  const BOUNDS = boundsFor(1000);
  const env = (host: string, pid: number, now = () => Date.now(), wait = sleep): LeaseEnv => ({
    host,
    pid,
    profile: 'default',
    now,
    sleep: wait,
    processAlive: () => true,
  });
  const position = () => ({ reserved: 0, bytes: 0 });
  const slow = (data: Map<string, string>, putMs: number): SettingStore => ({
    get: async (key) => data.get(key),
    put: async (key, value) => {
      await sleep(putMs);
      data.set(key, value);
    },
  });
  const both = async (aMs: number, bMs: number) => {
    const data = new Map<string, string>();
    const claims = [
      new Lease(new AnchorStore(slow(data, aMs), quiet), KEYS, BOUNDS, 'b', env('pc-a', 1)),
      new Lease(new AnchorStore(slow(data, bMs), quiet), KEYS, BOUNDS, 'b', env('pc-b', 2)),
    ].map((lease) => lease.claim(undefined, 1, 10, position));
    return (await Promise.allSettled(claims)).filter((r) => r.status === 'fulfilled').length;
  };
  it('a competing write landing within the settling time (25 ms at least) is seen: one claim wins', async () => {
    expect(await both(0, 10)).toBe(1);
  });
  it('the settling time is four times what the write took', async () => {
    expect(await both(20, 60)).toBe(1);
  });
  it('a lease another host last renewed 61 s ago is free', async () => {
    const store = memoryStore();
    await new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', env('pc-a', 1)).claim(undefined, 1, 10, position);
    const read = await new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', env('pc-b', 2)).head();
    const later = new Lease(
      new AnchorStore(store, quiet),
      KEYS,
      BOUNDS,
      'b',
      env('pc-b', 2, () => Date.now() + 61_000),
    );
    await expect(later.claim(read, 1, 10, position)).resolves.toBeUndefined();
  });
  it('a head that moved since pass one read it (another run finished meanwhile) is read again', async () => {
    const store = memoryStore();
    store.data.set(KEYS.head, headText(head({ state: 'finished', renewed: new Date().toISOString() })));
    const lease = new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', env('pc-b', 2));
    await expect(lease.claim(undefined, 1, 10, position)).rejects.toBeInstanceOf(BatchChangedError);
  });
  it('renews its lease every 20 s', async () => {
    vi.useFakeTimers();
    try {
      let clock = NOW;
      const store = memoryStore();
      const lease = new Lease(
        new AnchorStore(store, quiet),
        KEYS,
        BOUNDS,
        'b',
        env(
          'pc-a',
          1,
          () => clock,
          async () => {},
        ),
      );
      await lease.claim(undefined, 1, 10, position);
      clock += 20_001;
      await vi.advanceTimersByTimeAsync(20_001);
      expect(JSON.parse(store.data.get(KEYS.head)!).renewed).toBe(new Date(clock).toISOString());
      await lease.release({ state: 'finished' });
    } finally {
      vi.useRealTimers();
    }
  });
  it('a head of 150 windows is a batch of 200 rows rerun many times, not nonsense', () => {
    const text = headText(head({ windows: 150, reserve: 150 }));
    expect(parseHead('INV_BATCH_x', text, boundsFor(200).maxWindows)).toMatchObject({ windows: 150 });
  });
});

describe('batch show', () => {
  it('a receive in doubt (no source location): what the destination held before if it was applied', async () => {
    const { checkOf } = await import('../../src/batch/views/batch-details.js');
    const row = {
      line: 2,
      state: 'in-doubt' as const,
      msku: 'C-1',
      quantity: 5,
      to: '3',
      toName: 'Bay B',
      toQuantity: 12,
      fromQuantity: null,
      row: hex(1),
    };
    expect(checkOf(row)).toBe('Bay B (3) holds 12 now: applied if it held 7 before');
  });
});

describe('the store reads each setting with a size bound', () => {
  it('asks for at most 64 KB', async () => {
    const asked: Array<number | undefined> = [];
    const store = new AnchorStore({ get: async (_k, max) => void asked.push(max), put: async () => undefined }, quiet);
    await store.get('INV_BATCH_x', 'clear');
    expect(asked).toEqual([65536]);
  });
});

describe('the outage clock', () => {
  it('starts again once the service answered: a later short outage is waited for', async () => {
    const { Outage, retryHook } = await import('../../src/http/retry-hook.js');
    const { READ_POLICY } = await import('../../src/http/retry.js');
    const { TransportError } = await import('../../src/http/http-types.js');
    let t = 0;
    const outage = new Outage(() => t);
    const hook = retryHook({ outage, patienceMs: 1000, random: () => 0 });
    const url = new URL('http://127.0.0.1:1/v1/items');
    const req = { operation: 'x', method: 'GET' as const, url, headers: {}, retry: READ_POLICY, auth: 'none' as const };
    const ok = { status: 200, headers: {}, text: '', durationMs: 1 };
    const flaky = () => {
      let calls = 0;
      return async () => {
        if (++calls === 1) throw new TransportError('refused', 'connect', url);
        return ok;
      };
    };
    await hook(req, flaky());
    t = 5000; // the service answered, then went on answering for five seconds
    await expect(hook(req, flaky())).resolves.toMatchObject({ status: 200 });
  });
});

describe('more pins', () => {
  it('KeyCounts: two keys with the same low half in one probe chain are two keys', async () => {
    const { KeyCounts } = await import('../../src/batch/identity/key-counts.js');
    const slot = (hi: number, lo: number) => (Math.imul(lo ^ hi, 0x9e3779b1) >>> 0) & 15;
    const lo = 5;
    const hiB = Array.from({ length: 5000 }, (_, i) => i + 2).find((h) => slot(h, lo) === slot(1, lo))!;
    const key = (hi: number) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
    const counts = new KeyCounts(4); // 16 slots
    expect([counts.countHex(key(1)), counts.countHex(key(hiB))]).toEqual([1, 1]);
  });
  it('an input holding every applied row of an unfinished and of a finished batch continues the unfinished one', () => {
    const finished = known('f', ids(0, 10), true, NOW - HOUR);
    const unfinished = known('u', ids(0, 5), false, NOW - 2 * HOUR);
    expect(chooseBatch(undefined, [finished, unfinished], input(ids(0, 12)), unnamed)).toMatchObject({
      batch: unfinished,
    });
  });
  it('a stop during a 429 wait sends nothing more: the request is unsent', async () => {
    const { retryHook } = await import('../../src/http/retry-hook.js');
    const { ONCE_POLICY } = await import('../../src/http/retry.js');
    const controller = new AbortController();
    const hook = retryHook({ signal: controller.signal, random: () => 0 });
    const url = new URL('http://127.0.0.1:1/v1/doMoveItem');
    const req = {
      operation: 'move',
      method: 'POST' as const,
      url,
      headers: {},
      retry: ONCE_POLICY,
      auth: 'none' as const,
    };
    let calls = 0;
    const sent = hook(req, async () => {
      calls++;
      return { status: 429, headers: { 'retry-after': '20' }, text: '', durationMs: 1 };
    });
    setTimeout(() => controller.abort(), 50);
    await expect(sent).rejects.toMatchObject({ kind: 'unsent' });
    expect(calls).toBe(1);
  });
  it('429s are waited for up to --wait when it is longer than 30 s', async () => {
    const { decideRetry } = await import('../../src/http/retry.js');
    const { ONCE_POLICY } = await import('../../src/http/retry.js');
    const d = decideRetry(ONCE_POLICY, 5, { status: 429, retryAfter: '5' }, () => 0, {
      waitedMs: 40_000,
      patienceMs: 600_000,
    });
    expect(d.retry).toBe(true);
  });
  it('the transport refuses an answer over maxBytes unread', async () => {
    const { createServer } = await import('node:http');
    const { Transport } = await import('../../src/http/transport.js');
    const { READ_POLICY } = await import('../../src/http/retry.js');
    const server = createServer((_q, res) => res.end('x'.repeat(200_000)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const transport = new Transport({ timeoutMs: 5000 });
    try {
      const url = new URL(`http://127.0.0.1:${port}/v1/settings/X`);
      const req = {
        operation: 'get setting',
        method: 'GET' as const,
        url,
        headers: {},
        retry: READ_POLICY,
        auth: 'none' as const,
        maxBytes: 65536,
      };
      await expect(transport.send(req)).rejects.toThrow(/over 65536 bytes/);
    } finally {
      await transport.close();
      server.close();
    }
  });
});

describe('the register', () => {
  it('records a batch once: its end replaces its start', async () => {
    const store = memoryStore();
    const registry = new Registry(new AnchorStore(store, quiet), 'INV_BATCHES_acct', {
      now: () => NOW,
      sleep: async () => {},
    });
    await registry.record({ key: KEY, gen: 1, kind: 'move', finished: false, at: NOW - 1000, applied: 0 }, quiet);
    await registry.record({ key: KEY, gen: 1, kind: 'move', finished: true, at: NOW, applied: 10 }, quiet);
    expect(await registry.entries()).toEqual([
      { key: KEY, gen: 1, kind: 'move', finished: true, at: NOW, applied: 10 },
    ]);
  });
});
