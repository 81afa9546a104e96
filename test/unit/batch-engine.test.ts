/** The batch engine with a fake journal and a fake service: no request leaves before its "sent" mark is on disk; the stop rule. */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { send } from '../../src/batch/sending/batch-engine.js';
import { prepare } from '../../src/batch/prepare.js';
import type { JournalRecord } from '../../src/util/journal-records.js';
import {
  ApiError,
  AuthError,
  ConnectionError,
  InDoubtError,
  InterruptedError,
  RateLimitError,
  UsageError,
} from '../../src/errors.js';
import { journalFiles, requested, runAll, setup, tick } from '../helpers/batch-engine.js';
import { sleep } from '../helpers/wait.js';

describe('the batch engine', () => {
  it('sends no request before that row\'s "sent" mark has landed', async () => {
    const t = setup(6, async () => ({}));
    const run = send(await prepare(t.kind, t.request, t.env, t.rows), t.request, t.env, t.rows, 'test');
    for (let i = 0; i < 200 && requested(t).length < 6; i++) {
      await tick();
      // Land the marks one at a time, checking each time that only rows whose mark landed were sent.
      t.fake.held.shift()?.();
      await tick();
      for (const event of requested(t)) {
        const row = event.split(' ')[1];
        expect(t.events.indexOf(`sent ${row}`), `row ${row}`).toBeGreaterThanOrEqual(0);
        expect(t.events.indexOf(`sent ${row}`)).toBeLessThan(t.events.indexOf(event));
      }
    }
    while (t.fake.held.length) t.fake.held.shift()!();
    const outcome = await run;
    expect(outcome.summary).toMatchObject({ rows: 6, done: 6 });
    expect(requested(t)).toHaveLength(6);
    // The run's end record counts the units the rows moved (1 + 2 + … + 6).
    expect(t.notes.find((n) => n.end !== undefined)?.end).toMatchObject({ done: 6, units: 21 });
  });

  it("stops on errors that are not the row's: auth → 4, unreachable → 1, rate limited → 5; later rows stay pending", async () => {
    for (const [error, code] of [
      [new AuthError('rejected'), 4],
      [new ConnectionError('refused'), 1],
      [new RateLimitError('429'), 5],
    ] as const) {
      const t = setup(50, async (row) => {
        if (row.n >= 3) throw error;
        return {};
      });
      t.request.concurrency = 1;
      const outcome = await runAll(t);
      expect(outcome.error?.exitCode).toBe(code);
      expect(outcome.summary).toMatchObject({ outcome: 'stopped', stopped: true, done: 2, pending: 48 });
      expect(outcome.summary).toMatchObject({ failed: 0, inDoubt: 0 });
      expect(requested(t)).toHaveLength(3);
      expect(t.events).toContain('unsent');
    }
  });

  it('a batch that stops at concurrency 2 does not send a row whose "sent" mark was still being written', async () => {
    const t = setup(10, async (row) => {
      if (row.n === 1) throw new AuthError('rejected');
      return {};
    });
    t.request.concurrency = 2;
    const run = send(await prepare(t.kind, t.request, t.env, t.rows), t.request, t.env, t.rows, 'test');
    /** Lands the held mark named `label`, once it has been made (within a bounded wait). */
    const land = async (label: string) => {
      for (let i = 0; i < 400 && !t.fake.held.some((h) => h.label === label); i++) await tick();
      const at = t.fake.held.findIndex((h) => h.label === label);
      expect(at, `${label} among ${t.fake.held.map((h) => h.label).join(', ')}`).toBeGreaterThanOrEqual(0);
      t.fake.held.splice(at, 1)[0]!();
      await tick();
    };
    await land('sent 1'); // row 1 leaves and is refused: the batch must stop
    expect(t.fake.held.map((h) => h.label)).toContain('sent 2'); // row 2's mark is in flight meanwhile
    await land('unsent 1'); // the stop is decided
    await land('sent 2'); // row 2's mark lands after it
    const drain = setInterval(() => t.fake.held.shift()?.(), 1);
    const outcome = await run.finally(() => clearInterval(drain));
    expect(requested(t)).toEqual(['request 1']);
    expect(outcome.error?.exitCode).toBe(4);
    expect(outcome.summary).toMatchObject({ done: 0, failed: 0, inDoubt: 0, pending: 10 });
    expect(t.results.find((r) => r.line === 2)).toMatchObject({
      status: 'pending',
      error: 'not sent: the batch stopped',
    });
  });

  it('a lost answer is in doubt and the batch goes on', async () => {
    const t = setup(5, async (row) => {
      if (row.n === 2) throw new InDoubtError('lost');
      return {};
    });
    const outcome = await runAll(t);
    expect(outcome.summary).toMatchObject({ done: 4, inDoubt: 1 });
    expect(outcome.error?.exitCode).toBe(6);
    // The row in doubt is reported with its id (what `inv batch resolve --row` takes), and only it is a problem.
    expect(outcome.problems).toEqual([
      expect.objectContaining({ line: 2, status: 'in-doubt', row: expect.any(String) }),
    ]);
  });

  it('a row interrupted by Ctrl-C while its request was out is in doubt, and the batch stops there (exit 130)', async () => {
    const t = setup(10, async (row) => {
      if (row.n === 2) throw new InterruptedError();
      return {};
    });
    t.request.concurrency = 1;
    const outcome = await runAll(t);
    expect(requested(t)).toEqual(['request 1', 'request 2']);
    expect(outcome.error?.exitCode).toBe(130);
    expect(outcome.summary).toMatchObject({ done: 1, inDoubt: 1, pending: 8 });
  });

  it('a row refused before it was sent (exit 2: an import whose merge breaks an item rule) fails alone, not in doubt', async () => {
    const t = setup(5, async (row) => {
      if (row.n === 2) throw new UsageError('line 2: the merged item breaks a rule: title is required');
      return {};
    });
    const outcome = await runAll(t);
    expect(requested(t)).toHaveLength(5);
    expect(outcome.summary).toMatchObject({ done: 4, failed: 1, inDoubt: 0, pending: 0 });
  });

  it('a row applied with an answer that cannot be read is done, and its units count', async () => {
    const t = setup(5, async (row) => {
      if (row.n === 2) throw new ApiError('the answer is not JSON', 200);
      return {};
    });
    const outcome = await runAll(t);
    expect(outcome.summary).toMatchObject({ done: 5, failed: 0, inDoubt: 0 });
    expect(t.notes.find((n) => 'end' in n)).toMatchObject({ end: { done: 5, units: 1 + 2 + 3 + 4 + 5 } });
  });

  it('--retry-in-doubt asks nothing when no row is in doubt', async () => {
    const t = setup(3, async () => ({}));
    t.request.retryInDoubt = true;
    const asked: string[] = [];
    t.env.confirm = async (question) => (asked.push(question), false);
    const outcome = await runAll(t);
    expect(asked).toEqual([]);
    expect(outcome.summary).toMatchObject({ done: 3 });
  });

  it("a journal restored from before the last run: the anchor's rows are done when its head says the run ended cleanly, else in doubt", async () => {
    let refuseFrom = 150; // the first run: rows 150-300 are refused, so a rerun sends them
    const t = setup(300, async (row) => {
      if (row.n >= refuseFrom) throw new ApiError('refused', 400);
      return {};
    });
    const anchor = new Map<string, string>();
    t.env.settings = { get: async (key) => anchor.get(key), put: async (key, value) => void anchor.set(key, value) };
    delete t.env.openJournal; // the real journal, in t.env.stateDir
    expect((await runAll(t)).summary).toMatchObject({ done: 149, failed: 151 });
    const backup = new Map(journalFiles(t.env.stateDir).map((path) => [path, readFileSync(path)]));
    expect(backup.size).toBe(1);
    refuseFrom = Infinity;
    expect((await runAll(t)).summary).toMatchObject({ done: 151, skipped: 149, failed: 0 });
    for (const [path, bytes] of backup) writeFileSync(path, bytes); // restored: it lacks the rerun's window
    const clean = await prepare(t.kind, t.request, t.env, t.rows);
    expect(clean.counts).toEqual({ toSend: 0, inDoubt: 0 });
    expect(clean.finished).toBeDefined();
    // The same, had the rerun been killed: its head still says running, its lease long gone.
    const [key, text] = [...anchor].find(([k]) => /^INV_BATCH_[0-9a-f]{20}$/.test(k))!;
    anchor.set(key, JSON.stringify({ ...JSON.parse(text), state: 'running', renewed: '2026-01-01T00:00:00.000Z' }));
    const killed = await prepare(t.kind, t.request, t.env, t.rows);
    expect(killed.counts).toEqual({ toSend: 0, inDoubt: 151 });
  });

  it('a batch that stops while the next window is being reserved returns only after, with its lease released', async () => {
    const t = setup(250, async (row) => {
      if (row.n >= 3) throw new AuthError('rejected');
      return {};
    });
    const anchor = new Map<string, string>();
    let returned = false;
    const late: string[] = [];
    let secondWindowStored!: () => void;
    const stored = new Promise<void>((resolve) => (secondWindowStored = resolve));
    t.env.settings = {
      get: async (key) => anchor.get(key),
      put: async (key, value) => {
        // Window 2 (rows 201-250) is reserved while window 1 is sent; its write is slow, and outlasts the stop.
        if (key.endsWith('_2')) await sleep(50); // time is the point: the write outlasts the stop
        if (returned) late.push(key);
        anchor.set(key, value);
        if (key.endsWith('_2')) setImmediate(secondWindowStored); // after the head that counts it is queued
      },
    };
    delete t.env.openJournal;
    const outcome = await runAll(t);
    returned = true;
    expect(outcome.error).toBeInstanceOf(AuthError);
    await stored;
    await sleep(10); // time is the point: the head written after window 2, had the run not waited for it
    expect(late, 'written after the run returned').toEqual([]);
    const head = [...anchor].find(([key]) => /^INV_BATCH_[0-9a-f]{20}$/.test(key))?.[1];
    expect(JSON.parse(head ?? '{}')).toMatchObject({ state: 'stopped', windows: 2 });
  });

  it('a row whose failure cannot be written to the journal stops the batch: no later row is sent', async () => {
    const t = setup(5, async (row) => {
      if (row.n === 2) throw new InDoubtError('lost');
      return {};
    });
    t.request.concurrency = 1;
    t.env.openJournal = async () => ({
      mark: async (_row: string, record: JournalRecord) => {
        if (record.s === 'doubt') throw new Error('no space left on device');
      },
      note: async () => undefined,
      close: async () => undefined,
    });
    const run = send(await prepare(t.kind, t.request, t.env, t.rows), t.request, t.env, t.rows, 'test');
    await expect(run).rejects.toThrow('no space left on device');
    expect(requested(t)).toEqual(['request 1', 'request 2']);
  });
});
