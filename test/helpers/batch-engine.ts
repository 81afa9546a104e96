/** The batch engine run against a fake journal and a fake service, for test/unit/batch-engine*.test.ts. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchEnv, BatchKind, BatchRequest, RowResult, Rows } from '../../src/batch/batch-types.js';
import { send } from '../../src/batch/sending/batch-engine.js';
import { prepare } from '../../src/batch/prepare.js';
import type { JournalRecord } from '../../src/util/journal-records.js';
import { tempDir } from './temp.js';

export interface FakeRow {
  n: number;
}

/** A journal whose marks land only when the test says so, recording the order of events. */
function fakeJournal(events: string[], notes: JournalRecord[] = []) {
  /** Marks not yet landed, each named `<state> <line>` (e.g. "sent 2", "unsent 1"). */
  const held: Array<(() => void) & { label: string }> = [];
  const lines = new Map<string, string>();
  return {
    held,
    journal: {
      mark(row: string, record: JournalRecord) {
        if (record.s === 'sent') lines.set(row, String(record.l));
        const label = `${String(record.s)} ${lines.get(row) ?? '?'}`;
        const land = () => (events.push(record.s === 'sent' ? label : String(record.s)), undefined);
        return new Promise<void>((resolve) => held.push(Object.assign(() => (land(), resolve()), { label })));
      },
      note: async (record: JournalRecord) => void notes.push(record),
      close: async () => undefined,
    },
  };
}

/** A batch of `count` fake rows, each sent by `sendRow`, with a fake journal and the events in order. */
export function setup(count: number, sendRow: (row: FakeRow) => Promise<unknown>) {
  const events: string[] = [];
  const notes: JournalRecord[] = [];
  const fake = fakeJournal(events, notes);
  const kind: BatchKind<FakeRow> = {
    kind: 'move',
    depth: 1,
    columns: () => undefined,
    parse: (line) => ({ row: { n: line } }),
    identify: async (row) => ({ key: [row.n], what: { msku: `M-${row.n}` } }),
    positions: (row) => [{ msku: `M-${row.n}`, role: 'write' }],
    send: async (row) => (events.push(`request ${row.n}`), sendRow(row)),
    units: (row) => row.n,
  };
  const rows: Rows = () =>
    (async function* () {
      for (let line = 1; line <= count; line++) yield { line, record: {} };
    })();
  const results: RowResult[] = [];
  const env: BatchEnv = {
    input: { path: '/dev/null', hash: 'h', label: 'fake' },
    stateDir: tempDir('engine'),
    profile: 'p',
    origin: 'http://o',
    account: async () => 'a',
    progress: {},
    onResult: (r) => void results.push(r),
    warn: async () => undefined,
    confirm: async () => true,
    openJournal: async () => fake.journal,
  };
  const request: BatchRequest = { file: 'fake', retryInDoubt: false, concurrency: 4 };
  return { events, fake, kind, rows, env, request, results, notes };
}

/** Runs the batch of `t`, landing every mark as it comes; its outcome. */
export async function runAll(t: ReturnType<typeof setup>) {
  const drain = setInterval(() => t.fake.held.shift()?.(), 1);
  const prepared = await prepare(t.kind, t.request, t.env, t.rows);
  return send(prepared, t.request, t.env, t.rows, 'test').finally(() => clearInterval(drain));
}

/** The requests the fake service received, in order ("request 3"). */
export const requested = (t: ReturnType<typeof setup>) => t.events.filter((e) => e.startsWith('request'));

/** The journal files under a state directory. */
export function journalFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.journal'))
    .map((name) => join(dir, name));
}

/** A few milliseconds for the engine to move on between two landed marks. */
export const tick = () => new Promise((r) => setTimeout(r, 5));
