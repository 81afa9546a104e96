/**
 * Batch identity without a server: which batch an input is (its key, and the account's other open batches), the key
 * of the same rows in any order, the lease taken by a claim that two runs at once cannot both win, and the anchor read
 * as data from elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { AnchorReader, anchorKeys, boundsFor } from '../../src/batch/anchor/anchor.js';
import { batchKey, contentDigest } from '../../src/batch/identity/batch-key.js';
import { chooseBatch, RECENT_MS } from '../../src/batch/identity/choose.js';
import { AnchorValueError, headText, parseHead, type Head } from '../../src/batch/anchor/head.js';
import { KeyCounts } from '../../src/batch/identity/key-counts.js';
import { serverKey } from '../../src/batch/identity/identity.js';
import { BatchHeldError, Lease, type LeaseEnv } from '../../src/batch/anchor/lease.js';
import { parseRegistry } from '../../src/batch/anchor/registry.js';
import { AnchorStore, type SettingStore } from '../../src/batch/anchor/setting-store.js';
import { hex, HOUR, ids, input, known, memoryStore, NOW, quiet, unnamed } from '../helpers/batch-fakes.js';

describe('chooseBatch: the key first', () => {
  it('continues its key while unfinished, and with --again too: --again starts a generation only after the last finished', () => {
    const open = known('a', ids(0, 50), false);
    expect(chooseBatch(open, [], input(ids(0, 100)), unnamed)).toMatchObject({ kind: 'continue', batch: open });
    expect(chooseBatch(open, [], input(ids(0, 100)), { ...unnamed, again: true })).toMatchObject({ kind: 'continue' });
  });

  it('a finished key: the same rows within 12 hours are that batch (nothing to send); later, new work', () => {
    const tonight = known('a', ids(0, 100), true, NOW - 11 * HOUR);
    expect(chooseBatch(tonight, [], input(ids(0, 100)), unnamed)).toMatchObject({ kind: 'continue', batch: tonight });
    const lastNight = known('a', ids(0, 100), true, NOW - RECENT_MS - 1);
    expect(chooseBatch(lastNight, [], input(ids(0, 100)), unnamed)).toEqual({ kind: 'new', gen: 2 });
    expect(chooseBatch(tonight, [], input(ids(0, 100)), { ...unnamed, again: true })).toEqual({ kind: 'new', gen: 2 });
  });

  it('a named batch stays itself however long ago it finished, until --again', () => {
    const named = { ...known('replenish', ids(0, 10), true, NOW - 30 * 24 * HOUR), named: true };
    const request = { ...unnamed, named: true };
    expect(chooseBatch(named, [], input(ids(0, 10)), request)).toMatchObject({ kind: 'continue', batch: named });
    expect(chooseBatch(named, [], input(ids(0, 10)), { ...request, again: true })).toEqual({ kind: 'new', gen: 2 });
  });

  it('after waiting for another run, --again is what that run did: a generation it started is not started again', () => {
    const started = { ...known('a', ids(0, 10), true, NOW), gen: 2 };
    expect(chooseBatch(started, [], input(ids(0, 10)), { ...unnamed, again: true, target: 2 })).toMatchObject({
      kind: 'continue',
      batch: started,
    });
    const notYet = { ...started, gen: 1 };
    expect(chooseBatch(notYet, [], input(ids(0, 10)), { ...unnamed, again: true, target: 2 })).toEqual({
      kind: 'new',
      gen: 2,
    });
  });
});

describe('chooseBatch: the rows of other open batches', () => {
  it('continues the unfinished batch whose applied rows the input holds (a fixed row), whatever its age', () => {
    const failedOne = known('a', ids(0, 199), false, NOW - 40 * 24 * HOUR);
    const choice = chooseBatch(undefined, [known('b', ids(500, 600), true), failedOne], input(ids(0, 200)), unnamed);
    expect(choice).toEqual({ kind: 'continue', batch: failedOne, byContent: true });
  });

  it('takes nearly all (nine in ten), but not all, of its applied rows as an edited copy of it; --again runs it anew', () => {
    const earlier = known('a', ids(0, 100), true);
    const edited = input([...ids(0, 95), ...ids(5000, 5005)]);
    expect(chooseBatch(undefined, [earlier], edited, unnamed)).toEqual({
      kind: 'continue',
      batch: earlier,
      byContent: true,
    });
    expect(chooseBatch(undefined, [earlier], edited, { ...unnamed, again: true })).toEqual({ kind: 'new', gen: 1 });
  });

  it('a small batch: one applied row changed is an edited copy', () => {
    const four = known('a', ids(0, 4), false);
    expect(chooseBatch(undefined, [four], input([...ids(0, 3), hex(9000)]), unnamed)).toMatchObject({ batch: four });
  });

  it("another night's file that shares most rows with an unfinished batch is new work, not an edit of it", () => {
    const lastNight = known('a', ids(0, 35), false, NOW - 24 * HOUR);
    const tonight = input([...ids(0, 21), ...ids(900, 914)]); // 60 % of last night's rows, and new ones
    expect(chooseBatch(undefined, [lastNight], tonight, unnamed)).toEqual({ kind: 'new', gen: 1 });
  });

  it('a finished batch is compared only within 12 hours, named input or not; --again leaves it be', () => {
    const old = known('a', ids(0, 100), true, NOW - RECENT_MS - 1);
    expect(chooseBatch(undefined, [old], input(ids(0, 101)), unnamed)).toEqual({ kind: 'new', gen: 1 });
    const fresh = known('b', ids(0, 100), true);
    expect(chooseBatch(undefined, [fresh], input(ids(0, 101)), unnamed)).toMatchObject({ batch: fresh });
    const named = { ...unnamed, named: true };
    expect(chooseBatch(undefined, [fresh], input(ids(0, 101)), named)).toMatchObject({ batch: fresh });
    const again = { ...unnamed, again: true };
    expect(chooseBatch(undefined, [fresh], input(ids(0, 101)), again)).toEqual({ kind: 'new', gen: 1 });
  });

  it('a batch of the version before keys (no key) is compared by its rows too', () => {
    const legacy = { ...known('a', ids(0, 10), false), key: undefined };
    expect(chooseBatch(undefined, [legacy], input(ids(0, 11)), unnamed)).toMatchObject({ batch: legacy });
  });

  it('a batch that applied nothing holds no input', () => {
    expect(chooseBatch(undefined, [known('a', [], false)], input(ids(0, 10)), unnamed)).toEqual({
      kind: 'new',
      gen: 1,
    });
  });
});

describe('the key', () => {
  it('is the same for the same rows in any order, and differs by account, kind, name and rows', () => {
    const rows = ids(0, 1000);
    const shuffled = [...rows].sort(() => Math.random() - 0.5);
    const digest = contentDigest(input(rows));
    expect(contentDigest(input(shuffled))).toBe(digest);
    expect(contentDigest(input(ids(0, 999)))).not.toBe(digest);
    const key = batchKey('acct', 'move', { digest });
    expect(key).toMatch(/^[0-9a-f]{20}$/);
    expect(
      new Set([
        key,
        batchKey('other', 'move', { digest }),
        batchKey('acct', 'import', { digest }),
        batchKey('acct', 'move', { name: digest }),
      ]).size,
    ).toBe(4);
  });

  it('serverKey spells every name of the loopback host, case and default ports alike', () => {
    const spellings = ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'HTTP://LOCALHOST:4010/'];
    expect(new Set(spellings.map(serverKey)).size).toBe(1);
    expect(serverKey('https://API.example.com:443')).toBe(serverKey('https://api.example.com'));
    expect(serverKey('http://127.0.0.1:4010')).not.toBe(serverKey('http://127.0.0.1:4011'));
  });
});

const KEYS = anchorKeys({ key: 'f'.repeat(20), gen: 1, id: '' });
const BOUNDS = boundsFor(1000);
const leaseEnv = (host: string, pid: number, alive = true): LeaseEnv => ({
  host,
  pid,
  profile: 'default',
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  processAlive: () => alive,
});
const position = () => ({ reserved: 0, bytes: 0 });

describe('the lease', () => {
  it('of two claims made at the same moment, exactly one wins; the other is told who holds it', async () => {
    for (let round = 0; round < 20; round++) {
      const store = memoryStore({ delay: round % 3 });
      const claims = ['pc-a', 'pc-b'].map((host, i) =>
        new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv(host, 10 + i)).claim(
          undefined,
          1,
          10,
          position,
        ),
      );
      const results = await Promise.allSettled(claims);
      expect(
        results.filter((r) => r.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(BatchHeldError);
    }
  });

  it('refuses a lease another host renewed within the minute; takes one left by a process here that is gone', async () => {
    const store = memoryStore();
    await new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv('b', 7)).claim(
      undefined,
      1,
      10,
      position,
    );
    const head = await new AnchorReader(new AnchorStore(store, quiet), KEYS, BOUNDS).head();
    const other = new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv('a', 1));
    await expect(other.claim(head, 1, 10, position)).rejects.toThrow(/is being run on b \(process 7/);
    const here = new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv('b', 8, false));
    await expect(here.claim(head, 1, 10, position)).resolves.toBeUndefined();
  });

  it('a run whose lease another took over stops before its next window', async () => {
    const store = memoryStore();
    const first = new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv('a', 1));
    await first.claim(undefined, 1, 10, position);
    await first.reserve(1, ids(0, 5));
    const head = JSON.parse(store.data.get(KEYS.head)!) as Head & { v: number };
    store.data.set(KEYS.head, headText({ ...head, nonce: 'e'.repeat(24), host: 'b' }));
    await expect(first.reserve(2, ids(5, 10))).rejects.toThrow(/another run \(b, process 1\) took batch "b" over/);
    expect(store.data.has(KEYS.window(2))).toBe(false);
  });

  it('a claim written late (a PUT retried after a 503) overtakes a run already sending: both stop before a window is stored twice', async () => {
    const data = new Map<string, string>();
    // B's write is held until A has claimed and reserved two windows, whatever the machine's load: the order is the
    // test's, not a race of timers.
    let writing!: () => void;
    let land!: () => void;
    const bWrites = new Promise<void>((resolve) => (writing = resolve));
    const gate = new Promise<void>((resolve) => (land = resolve));
    const store = (held?: Promise<void>): SettingStore => ({
      get: async (key) => data.get(key),
      put: async (key, value) => {
        if (held) {
          writing();
          await held;
        }
        data.set(key, value);
      },
    });
    const a = new Lease(new AnchorStore(store(), quiet), KEYS, BOUNDS, 'b', leaseEnv('pc-a', 1));
    const b = new Lease(new AnchorStore(store(gate), quiet), KEYS, BOUNDS, 'b', leaseEnv('pc-b', 2));
    const claimB = b.claim(undefined, 1, 400, position); // reads the empty head, then writes slowly
    await bWrites;
    await a.claim(undefined, 1, 400, position); // reads the empty head too, writes at once, wins
    await a.reserve(1, ids(0, 200));
    await a.reserve(2, ids(200, 400));
    land();
    await claimB; // lands after A's read-back: B reads back its own nonce
    expect(await b.windowsBeyond(0)).toEqual({ ids: ids(0, 400), windows: 2 }); // what the run then holds in doubt
    await expect(b.reserve(1, ids(0, 200))).rejects.toThrow(/stored window 1 of batch "b"/);
    await expect(a.reserve(3, ids(400, 600))).rejects.toThrow(/took batch "b" over/);
    expect(data.get(KEYS.window(1))).toBe(ids(0, 200).join(','));
    expect(data.has(KEYS.window(3))).toBe(false);
  });

  it('says once that the server refused its settings, then runs on the journal alone', async () => {
    const { ApiError } = await import('../../src/errors.js');
    const warnings: string[] = [];
    const store = new AnchorStore(
      memoryStore({ refuse: new ApiError('setting name not allowed', 400) }),
      async (m) => void warnings.push(m),
    );
    const lease = new Lease(store, KEYS, BOUNDS, 'b', leaseEnv('a', 1));
    expect(await lease.head()).toBeUndefined();
    await lease.claim(undefined, 1, 10, position);
    await lease.reserve(1, ids(0, 5));
    await lease.release({ state: 'finished' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/refused the batch anchor .*running on the local journal alone/);
  });

  it('a server that cannot be reached stops the run instead of running unanchored', async () => {
    const { ConnectionError } = await import('../../src/errors.js');
    const reader = new AnchorReader(
      new AnchorStore(memoryStore({ refuse: new ConnectionError('cannot connect') }), quiet),
      KEYS,
      BOUNDS,
    );
    await expect(reader.head()).rejects.toThrow(/cannot connect/);
  });
});

describe('recovering what the server holds beyond a journal', () => {
  it('reads the windows a journal lacks, and the last two of a journal behind the head', async () => {
    const store = memoryStore();
    const writer = new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv('a', 1));
    let journal = { reserved: 0, bytes: 0 };
    await writer.claim(undefined, 1, 30, () => journal);
    for (const n of [1, 2, 3]) {
      journal = { reserved: n, bytes: n * 1000 };
      await writer.reserve(n, ids(n * 10, n * 10 + 10));
    }
    const reader = new AnchorReader(new AnchorStore(store, quiet), KEYS, BOUNDS);
    const head = await reader.head();
    expect((await reader.recover(head, { reserved: 3, bytes: 3000 })).rows.size).toBe(0);
    const lostOne = await reader.recover(head, { reserved: 2, bytes: 2500 });
    expect([...lostOne.rows.keys()].sort()).toEqual(ids(10, 40)); // its last two, and the one it lost
    expect(new Set(lostOne.rows.values())).toEqual(new Set(['in-doubt'])); // the writer is still running
    const cutInside = await reader.recover(head, { reserved: 3, bytes: 2900 });
    expect([...cutInside.rows.keys()].sort()).toEqual(ids(20, 40));
  });

  it('after a clean stop, its rows are as the head lists them: failed, in doubt, not sent, else done', async () => {
    const store = memoryStore();
    const writer = new Lease(new AnchorStore(store, quiet), KEYS, BOUNDS, 'b', leaseEnv('a', 1));
    await writer.claim(undefined, 1, 10, () => ({ reserved: 1, bytes: 100 }));
    await writer.reserve(1, ids(0, 4));
    await writer.release({ state: 'stopped', notDone: { failed: [hex(1)], doubt: [hex(2)], unsent: [hex(3)] } });
    const reader = new AnchorReader(new AnchorStore(store, quiet), KEYS, BOUNDS);
    const { rows } = await reader.recover(await reader.head(), { reserved: 0, bytes: 0 });
    expect(Object.fromEntries(rows)).toEqual({
      [hex(0)]: 'done',
      [hex(1)]: 'failed',
      [hex(2)]: 'in-doubt',
      [hex(3)]: 'pending',
    });
  });
});

describe('anchor values read as data', () => {
  const valid: Head = {
    gen: 1,
    state: 'finished',
    windows: 3,
    rows: 600,
    host: 'pc-a',
    pid: 42,
    profile: 'default',
    nonce: 'a'.repeat(24),
    renewed: '2026-11-29T02:00:00.000Z',
    reserve: 3,
    bytes: 5000,
  };
  it.each([
    ['windows beyond what the input can explain', { windows: 1e12 }],
    ['windows of the wrong type', { windows: '' }],
    ['a generation of the wrong type', { gen: 'x' }],
    ['a state inv never writes', { state: 'done' }],
    ['a nonce that is not one', { nonce: {} }],
    ['a time that is not one', { renewed: 'yesterday' }],
    ['lists that are not row ids', { notDone: { failed: ['../..'], doubt: [], unsent: [] } }],
  ])('a head with %s is refused, naming the setting and how to clear it', (_what, spoil) => {
    const text = JSON.stringify({ v: 2, ...valid, ...spoil });
    expect(() => parseHead('INV_BATCH_x', text, BOUNDS.maxWindows)).toThrow(AnchorValueError);
    expect(() => parseHead('INV_BATCH_x', text, BOUNDS.maxWindows)).toThrow(/account setting INV_BATCH_x/);
  });

  it.each(['null', '{}', '[]', '"text"', '12', 'not json'])('a head of %s is refused', (text) => {
    expect(() => parseHead('INV_BATCH_x', text, BOUNDS.maxWindows)).toThrow(AnchorValueError);
  });

  it('a valid head reads back as written; "none" is a head cleared by a person', () => {
    expect(parseHead('INV_BATCH_x', headText(valid), BOUNDS.maxWindows)).toMatchObject(valid);
    expect(parseHead('INV_BATCH_x', 'none', BOUNDS.maxWindows)).toBeUndefined();
  });

  it('a register of entries inv did not write is refused; a cleared one is empty', () => {
    const entry = ['a'.repeat(20), 1, 'move', 'u', 1795900000, 35];
    expect(parseRegistry('INV_BATCHES_x', JSON.stringify([entry]))).toHaveLength(1);
    for (const bad of [
      'null',
      '{}',
      JSON.stringify([[...entry.slice(0, 5), -1]]),
      JSON.stringify([['x', 1, 'move', 'u', 1, 1]]),
    ])
      expect(() => parseRegistry('INV_BATCHES_x', bad)).toThrow(AnchorValueError);
    expect(parseRegistry('INV_BATCHES_x', 'none')).toEqual([]);
  });

  it('a window holding anything but row ids, or more than a window holds, is refused', async () => {
    const store = memoryStore();
    const reader = new AnchorReader(new AnchorStore(store, quiet), KEYS, BOUNDS);
    for (const bad of ['null', 'zz', ids(0, 201).join(','), `${hex(1)},,${hex(2)}`]) {
      store.data.set(KEYS.window(1), bad);
      await expect(reader.window(1)).rejects.toThrow(AnchorValueError);
    }
    store.data.set(KEYS.window(1), ids(0, 3).join(','));
    expect(await reader.window(1)).toEqual(ids(0, 3));
  });
});

describe('KeyCounts', () => {
  it('counts each key, through its growth', () => {
    const counts = new KeyCounts(4);
    const seen = [...ids(0, 3000), ...ids(0, 3000), hex(7)].map((id) => counts.countHex(id));
    expect(seen.slice(0, 3)).toEqual([1, 1, 1]);
    expect(seen.slice(3000, 3003)).toEqual([2, 2, 2]);
    expect(seen.at(-1)).toBe(3);
    expect(counts.size).toBe(3000);
    // Counts past what a byte holds go on.
    const many = Array.from({ length: 600 }, () => counts.countHex(hex(900_000)));
    expect(many.slice(252, 258)).toEqual([253, 254, 255, 256, 257, 258]);
    expect(many.at(-1)).toBe(600);
    // Keys that differ in one half only are different keys.
    expect(['ffffffff00000000', '00000000ffffffff', 'ffffffffffffffff'].map((id) => counts.countHex(id))).toEqual([
      1, 1, 1,
    ]);
  });
});

describe('SortedIds', () => {
  it('sorts its ids as unsigned 64-bit numbers, whatever order they came in, and finds each by binary search', () => {
    const list = ['ffffffffffffffff', '0000000000000001', '8000000000000000', '00000000ffffffff', '7fffffff00000000'];
    const sorted = input(list);
    expect(sorted.sortedBytes().toString('hex')).toBe([...list].sort().join(''));
    expect([...sorted.hexes()]).toEqual([...list].sort());
    for (const id of list) expect(sorted.hasHex(id), id).toBe(true);
    for (const id of ['0000000000000000', 'fffffffffffffffe', '8000000000000001'])
      expect(sorted.hasHex(id), id).toBe(false);
    const many = input(ids(0, 100_000).reverse());
    expect(many.size).toBe(100_000);
    expect(ids(0, 100_000).every((id) => many.hasHex(id))).toBe(true);
    expect(many.has(Buffer.from(hex(100_000), 'hex'), 0)).toBe(false);
  });
});
