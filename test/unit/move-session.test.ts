/** A scan session of moves against a fake terminal and server: what it sends, and what a resume sends. */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchOutcome } from '../../src/batch/batch-types.js';
import { InterruptedError } from '../../src/errors.js';
import { runMoveSession, type MoveSessionEnv } from '../../src/floor/move-session.js';
import type { LegMove } from '../../src/floor/scan-legs.js';
import { ScanJournal } from '../../src/floor/scan-journal.js';
import { tempDir } from '../helpers/temp.js';

const done: BatchOutcome = { summary: { stopped: false, pending: 0 }, problems: [], line: '1 done' };
const stopped: BatchOutcome = {
  summary: { stopped: true, pending: 1 },
  problems: [],
  line: '1 done, 1 not sent',
  error: new InterruptedError('interrupted'),
};

/** A session's terminal and server: the lines typed, the code table, and every leg sent (its batch and moves). */
function fakeEnv(
  journalPath: string,
  lines: string[],
  options: { codes?: Map<string, string>; outcome?: BatchOutcome } = {},
) {
  const sent: Array<{ batch: string; moves: LegMove[] }> = [];
  const said: string[] = [];
  const env: MoveSessionEnv = {
    journalPath,
    origin: 'http://inventory.example',
    now: () => Date.parse('2026-11-29T10:00:00Z'),
    next: async () => lines.shift(),
    prompt: async () => undefined,
    say: async (line) => void said.push(line),
    aborted: () => false,
    stock: async () => [
      ['1', 'MUG', 10],
      ['1', 'LAMP', 5],
    ],
    codes: async () =>
      options.codes ??
      new Map([
        ['MUG', 'MUG'],
        ['LAMP', 'LAMP'],
        ['X000BB05CA', 'MUG'],
      ]),
    fnsku: async (msku) => (msku === 'LAMP' ? 'X000LAMP01' : null),
    user: async () => 'seller-1',
    sendLeg: async (moves, batch) => {
      sent.push({ batch, moves });
      return options.outcome ?? done;
    },
  };
  return { env, sent, said };
}

describe('a scan session resumed', () => {
  it('a leg that ran is not sent again by the resume, whatever its batch would say', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const first = fakeEnv(path, ['LOC-1', 'MUG', 'LOC-2', 'LOC-1', 'LAMP']);
    await expect(runMoveSession(first.env)).rejects.toThrow(InterruptedError);
    expect(first.sent).toHaveLength(1);
    const resumed = fakeEnv(path, ['LOC-2', '']);
    const result = await runMoveSession(resumed.env);
    expect(resumed.said).toContainEqual(
      expect.stringMatching(/^resuming the session .*: 1 leg\(s\) sent; open: from LOC-1, 1 × LAMP$/),
    );
    expect(resumed.sent.map((s) => s.moves)).toEqual([[{ msku: 'LAMP', quantity: 1, from: '1', to: '2' }]]);
    expect(result.legs).toBe(2);
  });

  it('a leg stopped between its rows (Ctrl-C, SIGTERM) is not done: the resume continues its batch', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const first = fakeEnv(path, ['LOC-1', 'MUG', 'LAMP', 'LOC-2', ''], { outcome: stopped });
    await expect(runMoveSession(first.env)).rejects.toThrow(InterruptedError);
    expect(first.sent).toHaveLength(1);
    const resumed = fakeEnv(path, ['']);
    await runMoveSession(resumed.env);
    expect(resumed.sent.map((s) => s.batch)).toEqual([first.sent[0]!.batch]);
    expect(resumed.sent[0]!.moves).toEqual(first.sent[0]!.moves);
  });

  it('a leg closed after the resume is sent, even when the replay counted fewer legs (a code no longer known)', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    // Leg 1 by an FNSKU; leg 2 left open when the session was cut off.
    const first = fakeEnv(path, ['LOC-1', 'X000BB05CA', 'LOC-2', 'LOC-1', 'LAMP']);
    await expect(runMoveSession(first.env)).rejects.toThrow(InterruptedError);
    expect(first.sent).toHaveLength(1);
    // The item's FNSKU changed on the server meanwhile: the resume's code table no longer has it.
    const codes = new Map([
      ['MUG', 'MUG'],
      ['LAMP', 'LAMP'],
    ]);
    const resumed = fakeEnv(path, ['LOC-2', ''], { codes });
    await runMoveSession(resumed.env);
    expect(resumed.sent).toHaveLength(1);
    expect(resumed.sent[0]!.batch).not.toBe(first.sent[0]!.batch);
    expect(resumed.sent[0]!.moves).toEqual([{ msku: 'LAMP', quantity: 1, from: '1', to: '2' }]);
  });
});

describe('a session resumed, further', () => {
  it('a source bin opened before the cut still takes its units by FNSKU after the resume', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const first = fakeEnv(path, ['LOC-1', 'MUG']);
    await expect(runMoveSession(first.env)).rejects.toThrow(InterruptedError);
    const resumed = fakeEnv(path, ['X000LAMP01', 'LOC-2', '']);
    await runMoveSession(resumed.env);
    expect(resumed.said).toContainEqual(expect.stringMatching(/LAMP · taking 1/));
    expect(resumed.sent[0]!.moves).toEqual([
      { msku: 'MUG', quantity: 1, from: '1', to: '2' },
      { msku: 'LAMP', quantity: 1, from: '1', to: '2' },
    ]);
  });

  it("a leg left in doubt is its batch's again on resume: held there, or sent with --retry-in-doubt", async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const inDoubt: BatchOutcome = {
      summary: { stopped: false, pending: 0, inDoubt: 1 },
      problems: [],
      line: '1 in doubt',
    };
    const first = fakeEnv(path, ['LOC-1', 'MUG', 'LOC-2', 'LOC-1', 'LAMP'], { outcome: inDoubt });
    await expect(runMoveSession(first.env)).rejects.toThrow(InterruptedError);
    const resumed = fakeEnv(path, ['LOC-2', '']);
    await runMoveSession(resumed.env);
    expect(resumed.sent.map((s) => s.batch)).toEqual([first.sent[0]!.batch, expect.stringMatching(/ leg 2$/)]);
  });

  it('a leg whose rows were all done before says nothing was sent, not "sent"', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const before: BatchOutcome = {
      summary: { stopped: false, pending: 0, done: 0, skipped: 1 },
      problems: [],
      line: '0 done, 1 skipped',
    };
    const run = fakeEnv(path, ['LOC-1', 'MUG', 'LOC-2', ''], { outcome: before });
    await runMoveSession(run.env);
    expect(run.said).toContainEqual('= nothing sent: leg 1 was done before (0 done, 1 skipped)');
  });

  it('the input ending with no leg open ends the session: the next run starts afresh', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    await expect(runMoveSession(fakeEnv(path, ['LOC-1', 'MUG', 'LOC-2']).env)).resolves.toMatchObject({ legs: 1 });
    const next = fakeEnv(path, ['']);
    await runMoveSession(next.env);
    expect(next.said.filter((line) => line.startsWith('resuming'))).toEqual([]);
  });
});

describe('another session while one is open', () => {
  it('is refused, naming how to resume the open one: a receive session beside a move session, another server', async () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const open = fakeEnv(path, ['LOC-1', 'MUG']);
    await expect(runMoveSession(open.env)).rejects.toThrow(InterruptedError);
    const receive = fakeEnv(path, ['']);
    await expect(runMoveSession({ ...receive.env, purchase: '5001' })).rejects.toThrow(
      /a scan session of seller-1 started .* is open: it is resumed by `inv move --scan` as that user there/,
    );
    const otherUser = fakeEnv(path, ['']);
    await expect(runMoveSession({ ...otherUser.env, user: async () => 'seller-2' })).rejects.toThrow(
      /a scan session of seller-1 started .* is open/,
    );
    const elsewhere = fakeEnv(path, ['']);
    await expect(runMoveSession({ ...elsewhere.env, origin: 'http://other.example' })).rejects.toThrow(/is open/);
    expect([...receive.sent, ...elsewhere.sent]).toEqual([]);
  });
});

describe("a session's journal", () => {
  it('a line cut by a kill is dropped when the journal is opened again: the next line is not glued to it', () => {
    const path = join(tempDir('inv-scan-'), 'session.ndjson');
    const start = { v: 1, id: 's', started: '2026-11-29T10:00:00Z', origin: 'o', held: [] };
    writeFileSync(path, JSON.stringify(start) + '\n' + JSON.stringify({ scan: 'LOC-1' }) + '\n', { mode: 0o600 });
    appendFileSync(path, '{"scan":"LA');
    const journal = ScanJournal.open(path);
    journal.scan('LOC-2');
    expect(journal.read()?.scans).toEqual(['LOC-1', 'LOC-2']);
    journal.close(false);
    expect(readFileSync(path, 'utf8')).not.toContain('"LA');
  });
});
