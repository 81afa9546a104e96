/** Batch identity without a server: which batch an input belongs to, windows reserved before their rows leave, and the anchor's rules. */
import { describe, expect, it } from 'vitest';
import { Anchor, type SettingStore } from '../../src/batch/anchor.js';
import type { BatchEntry } from '../../src/batch/catalogue.js';
import { IdSet } from '../../src/batch/id-set.js';
import { chooseBatch } from '../../src/batch/choose.js';
import { serverKey } from '../../src/batch/identity.js';
import { BatchRefusedError } from '../../src/errors.js';

const hex = (n: number) => n.toString(16).padStart(16, '0');
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => hex(from + i));
const input = (list: string[]) => {
  const set = new IdSet(4);
  for (const id of list) set.addHex(id);
  return set;
};

function entry(name: string, applied: string[], finished: boolean, lastRun = '2026-11-24T03:00:00.000Z'): BatchEntry {
  return {
    id: `id-${name}`,
    name,
    kind: 'move',
    server: 'http://loopback:1',
    account: '1001',
    profile: 'default',
    lastRun,
    hash: null,
    finished,
    path: `/s/${name}`,
    applied: Buffer.from(applied.join(''), 'hex'),
  };
}

const request = { defaultName: '/w/moves.csv', again: false };

describe('chooseBatch', () => {
  it('continues the unfinished batch whose applied rows the input holds, whatever its name', () => {
    const old = entry('stdin-aaaa', ids(0, 99), false);
    const choice = chooseBatch([entry('other', ids(500, 600), true), old], input(ids(0, 100)), request);
    expect(choice.batch).toBe(old);
    expect(choice.byContent).toBe(true);
  });

  it('refuses an input that repeats a finished batch, naming it and how many of its rows', () => {
    const done = entry('/w/old.csv', ids(0, 100), true);
    try {
      chooseBatch([done], input(ids(0, 100)), request);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BatchRefusedError);
      expect((error as BatchRefusedError).summary).toMatchObject({
        outcome: 'repeat',
        repeats: { batch: '/w/old.csv', applied: 100, finished: true },
      });
    }
  });

  it("refuses an input made of half a finished batch, but not another day's file that shares a few moves", () => {
    const done = entry('/w/monday.csv', ids(0, 100), true);
    expect(() => chooseBatch([done], input(ids(0, 50)), request)).toThrow(/repeats 50 applied row/);
    expect(chooseBatch([done], input([...ids(0, 10), ...ids(1000, 1090)]), request).batch).toBeUndefined();
  });

  it('--again makes a new batch (or the one --batch names), refusing nothing', () => {
    const done = entry('/w/old.csv', ids(0, 100), true);
    expect(chooseBatch([done], input(ids(0, 100)), { ...request, again: true }).batch).toBeUndefined();
    expect(chooseBatch([done], input(ids(0, 100)), { ...request, again: true, name: '/w/old.csv' }).batch).toBe(done);
  });

  it('an edited file of the same name is that batch (the engine names the rows it lost); another batch it repeats is refused', () => {
    const same = entry('/w/moves.csv', ids(0, 100), true);
    expect(chooseBatch([same], input([...ids(0, 99), hex(5000)]), request).batch).toBe(same);
    const other = entry('/w/else.csv', ids(200, 220), true);
    expect(() => chooseBatch([same, other], input([...ids(0, 100), ...ids(200, 220)]), request)).toThrow(
      /batch "\/w\/else.csv"/,
    );
  });

  it('half of the input repeating a finished batch is a repeat; an unfinished batch that applied nothing holds no input', () => {
    const done = entry('/w/monday.csv', ids(0, 100), true);
    expect(() => chooseBatch([done], input([...ids(0, 50), ...ids(1000, 1050)]), request)).toThrow(
      /repeats 50 applied row/,
    );
    const empty = entry('/w/tuesday.csv', [], false);
    expect(chooseBatch([empty], input(ids(0, 10)), request)).toEqual({ batch: undefined, byContent: false });
  });
});

describe('IdSet', () => {
  it('holds each id once, grows past its first size, and finds ids in an index buffer', () => {
    const set = input(ids(0, 5000));
    expect(set.size).toBe(5000);
    expect(set.addHex(hex(42))).toBe(false);
    expect(set.hasHex(hex(4999))).toBe(true);
    expect(set.hasHex(hex(5000))).toBe(false);
    const index = Buffer.from([hex(7), hex(9000)].join(''), 'hex');
    expect([set.has(index, 0), set.has(index, 8)]).toEqual([true, false]);
    expect([...set.hexes()].slice(0, 3)).toEqual(ids(0, 3));
    expect(input(['ffffffff00000000', '00000000ffffffff']).hasHex('ffffffffffffffff')).toBe(false);
  });
});

describe('serverKey', () => {
  it('spells every name of the loopback host, case and default ports alike', () => {
    expect(
      new Set(
        ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010', 'HTTP://LOCALHOST:4010/'].map(
          serverKey,
        ),
      ).size,
    ).toBe(1);
    expect(serverKey('https://API.example.com:443')).toBe(serverKey('https://api.example.com'));
    expect(serverKey('http://127.0.0.1:4010')).not.toBe(serverKey('http://127.0.0.1:4011'));
  });
});

/** Settings in memory; `refuse` answers every call with that error. */
function memoryStore(refuse?: Error): SettingStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (key) => {
      if (refuse) throw refuse;
      return data.get(key);
    },
    put: async (key, value) => {
      if (refuse) throw refuse;
      data.set(key, value);
    },
  };
}

describe('the anchor', () => {
  const me = { host: 'a', pid: 1 };
  const quiet = async () => undefined;

  it('reads the windows a journal does not know, and the last two of a journal cut behind the server', async () => {
    const store = memoryStore();
    const writer = new Anchor(store, 'b1', me, quiet);
    let journal = { reserved: 0, bytes: 0 };
    await writer.acquire(
      () => journal,
      () => false,
    );
    for (const n of [1, 2, 3]) {
      journal = { reserved: n, bytes: n * 1000 };
      await writer.reserve(writer.next(), ids(n * 10, n * 10 + 10));
    }
    await writer.release();
    const intact = await new Anchor(store, 'b1', me, quiet).recover({ reserved: 3, bytes: 3000 });
    expect(intact.ids.size).toBe(0);
    const lostOne = await new Anchor(store, 'b1', me, quiet).recover({ reserved: 2, bytes: 2500 });
    expect([...lostOne.ids].sort()).toEqual(ids(10, 40)); // windows 1 to 3: the journal's last two and the one it lost
    const cutInside = await new Anchor(store, 'b1', me, quiet).recover({ reserved: 3, bytes: 2900 });
    expect([...cutInside.ids].sort()).toEqual(ids(20, 40)); // windows 2 and 3
  });

  it('refuses a lease another host renewed within the minute, and takes one left by a run here that is gone', async () => {
    const store = memoryStore();
    await new Anchor(store, 'b2', { host: 'b', pid: 7 }, quiet).acquire(
      () => ({ reserved: 0, bytes: 0 }),
      () => true,
    );
    await expect(
      new Anchor(store, 'b2', me, quiet).acquire(
        () => ({ reserved: 0, bytes: 0 }),
        () => true,
      ),
    ).rejects.toThrow(/is being run on b \(process 7/);
    const local = memoryStore();
    await new Anchor(local, 'b3', { host: 'a', pid: 9 }, quiet).acquire(
      () => ({ reserved: 0, bytes: 0 }),
      () => false,
    );
    await expect(
      new Anchor(local, 'b3', me, quiet).acquire(
        () => ({ reserved: 0, bytes: 0 }),
        () => false,
      ),
    ).resolves.toBeUndefined();
  });

  it('says once that the server refused its setting, then runs on the journal alone', async () => {
    const { ApiError } = await import('../../src/errors.js');
    const warnings: string[] = [];
    const anchor = new Anchor(
      memoryStore(new ApiError('setting name not allowed', 400)),
      'b4',
      me,
      async (m) => void warnings.push(m),
    );
    expect((await anchor.recover({ reserved: 0, bytes: 0 })).ids.size).toBe(0);
    await anchor.acquire(
      () => ({ reserved: 0, bytes: 0 }),
      () => false,
    );
    await anchor.reserve(anchor.next(), ids(0, 5));
    await anchor.release();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/refused the batch anchor .*running on the local journal alone/);
  });

  it('a server that cannot be reached stops the run instead of running unanchored', async () => {
    const { ConnectionError } = await import('../../src/errors.js');
    const anchor = new Anchor(memoryStore(new ConnectionError('cannot connect')), 'b5', me, quiet);
    await expect(anchor.recover({ reserved: 0, bytes: 0 })).rejects.toThrow(/cannot connect/);
  });
});
