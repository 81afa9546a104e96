/** What the batch views count from a journal: the input's noted rows, dropped rows nowhere, and the rows a line or id names. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeRecord } from '../../src/util/journal-records.js';
import { readBatchFile } from '../../src/batch/journal/journal-read.js';
import { findBatch, listBatches, resolveRows } from '../../src/batch/journal/kept-batches.js';
import { tempDir } from '../helpers/temp.js';

const id = (n: number) => n.toString(16).padStart(16, '0');
const header = encodeRecord('-', {
  batch: { name: '/data/moves.csv', kind: 'move', profile: 'p', origin: 'o', account: 'a', created: 'now' },
});
const run = (at: string) => encodeRecord('-', { run: { at, pid: 1, host: 'h', hash: 'x' } });
const sent = (n: number, line: number) =>
  encodeRecord(id(n), { s: 'sent', l: line, m: { msku: `M-${n}`, quantity: 1, from: '1', to: '2' } });

/** A state directory holding one journal of `text`. */
function stateWith(text: string): string {
  const state = tempDir('views');
  mkdirSync(join(state, 'batches'));
  writeFileSync(join(state, 'batches', 'move-1.journal'), header + text);
  return state;
}

describe('batch counts', () => {
  it('rows never sent are the noted input less the rows recorded, after a kill', async () => {
    const state = stateWith(
      run('1') +
        encodeRecord('-', { input: { rows: 5000, hash: 'x' } }) +
        sent(1, 2) +
        encodeRecord(id(1), { s: 'done' }) +
        sent(2, 3),
    );
    const { info } = (await listBatches(state, undefined))[0]!;
    expect(info).toMatchObject({ state: 'incomplete', total: 5000, done: 1, failed: 0, inDoubt: 1, pending: 4998 });
  });

  it('dropped rows count nowhere: the batch is finished when the rest are done', async () => {
    const first =
      run('1') +
      encodeRecord('-', { input: { rows: 2, hash: 'x' } }) +
      sent(1, 2) +
      encodeRecord(id(1), { s: 'done' }) +
      sent(2, 3) +
      encodeRecord(id(2), { s: 'failed', e: 'no' });
    const second =
      run('2') +
      encodeRecord('-', { input: { rows: 2, hash: 'y' } }) +
      encodeRecord(id(2), { s: 'dropped' }) +
      sent(3, 3) +
      encodeRecord(id(3), { s: 'done' });
    const state = stateWith(first + second);
    expect((await readBatchFile(join(state, 'batches', 'move-1.journal'))).rows.get(id(2))?.state).toBe('dropped');
    const { info } = (await listBatches(state, undefined))[0]!;
    expect(info).toMatchObject({ state: 'finished', total: 2, done: 2, failed: 0, inDoubt: 0, pending: 0 });
  });

  it("a run killed before it noted its input does not take the earlier run's size", async () => {
    const state = stateWith(run('1') + encodeRecord('-', { input: { rows: 9, hash: 'x' } }) + run('2') + sent(1, 2));
    const { info } = (await listBatches(state, undefined))[0]!;
    expect(info).toMatchObject({ total: 1, inDoubt: 1, pending: 0 });
  });
});

describe('finding and resolving', () => {
  it('finds by base name; refuses a line two rows recorded, and a range over it, changing nothing', async () => {
    const state = stateWith(run('1') + sent(1, 2) + sent(2, 2) + sent(3, 3));
    const batch = await findBatch(state, 'moves.csv', undefined);
    expect(batch.info.name).toBe('/data/moves.csv');
    await expect(resolveRows(batch, { from: 2, to: 2 }, true)).rejects.toThrow(
      new RegExp(`line 2 is recorded by 2 rows: row ${id(1)} .*row ${id(2)}`),
    );
    await expect(resolveRows(batch, { from: 1, to: 3 }, true)).rejects.toThrow(/nothing was changed/);
    expect((await resolveRows(batch, { from: 3, to: 3 }, false)).map((r) => [r.id, r.state])).toEqual([
      [id(3), 'failed'],
    ]);
    expect((await resolveRows(batch, { row: id(2) }, true)).map((r) => r.id)).toEqual([id(2)]);
    const { info } = (await listBatches(state, undefined))[0]!;
    expect(info).toMatchObject({ done: 1, failed: 1, inDoubt: 1 });
  });
});
