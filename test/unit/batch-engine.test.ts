/** The batch engine with a fake journal and a fake service: no request leaves before its "sent" mark is on disk; the stop rule. */
import { describe, expect, it } from 'vitest';
import type { BatchEnv, BatchKind, BatchRequest, RowResult, Rows } from '../../src/batch/batch-types.js';
import { prepare, send } from '../../src/batch/engine.js';
import type { JournalRecord } from '../../src/batch/journal-read.js';
import { AuthError, ConnectionError, InDoubtError, RateLimitError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp.js';

interface FakeRow { n: number }

/** A journal whose marks land only when the test says so, recording the order of events. */
function fakeJournal(events: string[]) {
  const held: Array<() => void> = [];
  return {
    held,
    journal: {
      mark(row: string, record: JournalRecord) {
        return new Promise<void>((resolve) => held.push(() => (events.push(record.s === 'sent' ? `sent ${String(record.l)}` : String(record.s)), resolve())));
      },
      note: async () => undefined,
      close: async () => undefined,
    },
  };
}

function setup(count: number, sendRow: (row: FakeRow) => Promise<unknown>) {
  const events: string[] = [];
  const fake = fakeJournal(events);
  const kind: BatchKind<FakeRow> = {
    kind: 'move', depth: 1, columns: () => undefined,
    parse: (line) => ({ row: { n: line } }),
    identify: async (row) => ({ key: [row.n], what: { msku: `M-${row.n}` } }),
    positions: (row) => [{ msku: `M-${row.n}`, role: 'write' }],
    send: async (row) => (events.push(`request ${row.n}`), sendRow(row)),
  };
  const rows: Rows = () => (async function* () {
    for (let line = 1; line <= count; line++) yield { line, record: {} };
  })();
  const results: RowResult[] = [];
  const env: BatchEnv = {
    input: { path: '/dev/null', hash: 'h', label: 'fake' }, stateDir: tempDir('engine'),
    profile: 'p', origin: 'http://o', account: async () => 'a', progress: {},
    onResult: (r) => void results.push(r), warn: async () => undefined, confirm: async () => true,
    openJournal: async () => fake.journal,
  };
  const request: BatchRequest = { file: 'fake', retryInDoubt: false, concurrency: 4 };
  return { events, fake, kind, rows, env, request, results };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the batch engine', () => {
  it('sends no request before that row\'s "sent" mark has landed', async () => {
    const t = setup(6, async () => ({}));
    const run = send(await prepare(t.kind, t.request, t.env, t.rows), t.request, t.env, t.rows, 'test');
    for (let i = 0; i < 200 && t.events.filter((e) => e.startsWith('request')).length < 6; i++) {
      await tick();
      // Land the marks one at a time, checking each time that only rows whose mark landed were sent.
      t.fake.held.shift()?.();
      await tick();
      for (const event of t.events.filter((e) => e.startsWith('request'))) {
        const row = event.split(' ')[1];
        expect(t.events.indexOf(`sent ${row}`), `row ${row}`).toBeGreaterThanOrEqual(0);
        expect(t.events.indexOf(`sent ${row}`)).toBeLessThan(t.events.indexOf(event));
      }
    }
    while (t.fake.held.length) t.fake.held.shift()!();
    const outcome = await run;
    expect(outcome.summary).toMatchObject({ rows: 6, done: 6 });
    expect(t.events.filter((e) => e.startsWith('request'))).toHaveLength(6);
  });

  it('stops on errors that are not the row\'s: auth → 4, unreachable → 1, rate limited → 5; later rows stay pending', async () => {
    for (const [error, code] of [[new AuthError('rejected'), 4], [new ConnectionError('refused'), 1], [new RateLimitError('429'), 5]] as const) {
      const t = setup(50, async (row) => {
        if (row.n >= 3) throw error;
        return {};
      });
      t.request.concurrency = 1;
      const run = send(await prepare(t.kind, t.request, t.env, t.rows), t.request, t.env, t.rows, 'test');
      const drain = setInterval(() => t.fake.held.shift()?.(), 1);
      const outcome = await run.finally(() => clearInterval(drain));
      expect(outcome.error?.exitCode).toBe(code);
      expect(outcome.summary).toMatchObject({ done: 2, failed: 0, inDoubt: 0, pending: 48 });
      expect(t.events.filter((e) => e.startsWith('request'))).toHaveLength(3);
      expect(t.events).toContain('unsent');
    }
  });

  it('a lost answer is in doubt and the batch goes on', async () => {
    const t = setup(5, async (row) => {
      if (row.n === 2) throw new InDoubtError('lost');
      return {};
    });
    const drain = setInterval(() => t.fake.held.shift()?.(), 1);
    const outcome = await send(await prepare(t.kind, t.request, t.env, t.rows), t.request, t.env, t.rows, 'test').finally(() => clearInterval(drain));
    expect(outcome.summary).toMatchObject({ done: 4, inDoubt: 1 });
    expect(outcome.error?.exitCode).toBe(6);
  });
});
