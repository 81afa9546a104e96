/**
 * The anchor a batch keeps in the account's settings is read as data from elsewhere: a value that makes no sense stops
 * the run before anything is sent, with a message naming the setting and how to clear it; it never loops, never says
 * "unexpected", and never resends what the server's windows say was sent.
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, type BatchFixture } from '../helpers/batch.js';
import { runInv, startInvInProcess } from '../helpers/io.js';
import { waitFor } from '../helpers/wait.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.inventory.faults.clear());

const settings = () => fx.sandbox.account.state.settings;
const settingReads = () => fx.sandbox.inventory.stats.count('/v1/settings/', 'GET');
/** The head of a batch's anchor: the one INV_BATCH_<id> setting that a run added (windows and registries have more). */
const headsNow = () => Object.keys(settings()).filter((k) => /^INV_BATCH_[0-9a-f]+$/.test(k));

let fileNo = 0;
/**
 * A batch of `count` rows run once with one row failing (a destination that does not exist), so that it is unfinished
 * and a rerun reads its anchor: the file (now fixed), its rows, and the key of its head.
 */
async function unfinishedBatch(count: number, salt: number) {
  const rows = makeRows(fx, count, salt);
  const file = join(fx.dir, `anchor-${++fileNo}.csv`);
  writeFileSync(file, csv(rows.map((r, i) => (i === 3 ? { ...r, to: 'Bay Nowhere' } : r))));
  const heads = new Set(headsNow());
  const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
  expect(first.code, first.stderr).toBe(6);
  const head = headsNow().find((k) => !heads.has(k));
  expect(head, 'the run stored a head on the server').toBeDefined();
  return { rows, file, head: head!, journal: JSON.parse(first.stdout).journal as string };
}

/**
 * Runs the batch again in-process; a run that loops is stopped after 20 s, as Ctrl-C stops it, and fails the test.
 * `elsewhere`: on another PC, whose journal holds nothing, so that it reads every window.
 */
async function rerun(file: string, elsewhere = false) {
  const reads = settingReads();
  const moves = fx.moves();
  const env = elsewhere
    ? { ...fx.authed, INV_STATE_DIR: join(fx.dir, `pc-${++fileNo}`), INV_HOST_ID: 'pc-2' }
    : fx.authed;
  const stop = new AbortController();
  const run = startInvInProcess(['move', '--file', file, '--json'], { env, signal: stop.signal });
  await waitFor(() => run.state.exitCode !== null, {
    what: () => `the rerun to stop (${settingReads() - reads} setting reads so far)`,
    deadline: 20_000,
    every: 50,
  }).catch((error: unknown) => {
    stop.abort();
    throw error;
  });
  const r = await run.closed;
  return { ...r, reads: settingReads() - reads, sent: fx.moves() - moves };
}

/**
 * A hostile value, whether the rerun comes from another PC (one whose journal lacks the windows, so it reads them),
 * and what the message must also say of it.
 */
const HOSTILE: Array<[string, (head: string) => void, boolean, RegExp?]> = [
  ['a head counting 1e12 windows', (head) => (settings()[head] = '{"windows":1e12}'), false],
  ['a head whose windows are a string', (head) => (settings()[head] = '{"windows":""}'), false],
  ['a null head', (head) => (settings()[head] = 'null'), false],
  [
    'a head of forged ids and fields',
    (head) => (settings()[head] = '{"gen":"x","nonce":{},"windows":-4,"pid":"me"}'),
    false,
  ],
  ['a null window, read on another PC', (head) => (settings()[`${windowPrefix(head)}1`] = 'null'), true],
  [
    'a window of forged ids, read on another PC',
    (head) => (settings()[`${windowPrefix(head)}1`] = 'zz,../..,' + 'f'.repeat(5000)),
    true,
  ],
  [
    'a 40 MB head',
    (head) => (settings()[head] = `{"windows":1,"x":"${'9'.repeat(40_000_000)}"}`),
    false,
    /over 65536 bytes/,
  ],
];

/** The prefix of a head's window settings: `INV_BATCH_<id>_` then, in heads that count generations, `<gen>_`. */
function windowPrefix(head: string): string {
  const first = Object.keys(settings()).find((k) => k.startsWith(`${head}_`) && k.endsWith('_1'));
  return first ? first.slice(0, -1) : `${head}_`;
}

describe('hostile anchor values stop the run before anything is sent', () => {
  it.each(HOSTILE)(
    '%s: a clear message naming the setting and how to clear it',
    async (what, spoil, elsewhere, says) => {
      const { file, head } = await unfinishedBatch(30, 61 + HOSTILE.findIndex(([name]) => name === what));
      spoil(head);
      const r = await rerun(file, elsewhere);
      expect(r.code, r.stderr).toBe(1);
      expect(r.sent).toBe(0);
      expect(r.stderr).not.toMatch(/unexpected|Cannot read properties/);
      expect(r.stderr).toMatch(new RegExp(`account setting ${head}(_\\d+_1)? `));
      expect(r.stderr).toMatch(/inv settings set INV_BATCH_/);
      if (says) expect(r.stderr).toMatch(says);
      expect(r.reads).toBeLessThan(20);
      expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'stopped' });
    },
    60_000,
  );

  it('a head set to {} with the journal cut back: stopped; cleared as told, the windows are in doubt, none resent', async () => {
    // Three anchor windows: the journal cut 30 % in knows the first two, and the server holds the third beyond it.
    const rows = makeRows(fx, 600, 90); // a salt of its own: no other test's rows
    const file = join(fx.dir, 'anchor-cut.csv');
    writeFileSync(file, csv(rows));
    const before = { q: fx.quantities(), moves: fx.moves() };
    const heads = new Set(headsNow());
    const first = await runInv(['move', '--file', file, '--json'], { env: fx.authed });
    expect(first.code, first.stderr).toBe(0);
    const head = headsNow().find((k) => !heads.has(k))!;
    const journal = JSON.parse(first.stdout).journal as string;
    // Cut at a record boundary, 30 % in: the journal of a run that stopped there, or a backup of it.
    const text = readFileSync(journal, 'utf8');
    truncateSync(journal, Buffer.byteLength(text.slice(0, text.indexOf('\n', Math.floor(text.length * 0.3)) + 1)));
    settings()[head] = '{}';
    const stopped = await rerun(file);
    expect(stopped.code, stopped.stderr).toBe(1);
    expect(stopped.sent).toBe(0);
    const clear = /inv settings set (INV_BATCH_\w+) (\w+)/.exec(stopped.stderr);
    expect(clear, stopped.stderr).not.toBeNull();
    expect((await runInv(['settings', 'set', clear![1]!, clear![2]!], { env: fx.authed })).code).toBe(0);
    const after = await rerun(file);
    expect([0, 6], after.stderr).toContain(after.code);
    expect(fx.moves() - before.moves).toBe(600);
    expect(fx.quantities()).toEqual(fx.expected(before.q, rows));
  }, 90_000);
});
