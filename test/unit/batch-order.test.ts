/**
 * The position gate: file order between rows that take from and fill one position, overlap elsewhere, and nothing kept
 * once rows finish.
 */
import { describe, expect, it } from 'vitest';
import type { Identified, Position } from '../../src/batch/batch-types.js';
import { inFileOrder, PositionGate, type Turn } from '../../src/batch/sending/order.js';
import { movePositions, type MoveWhat } from '../../src/batch/moves/move-rows.js';

const move = (msku: string, from: string | undefined, to: string): Position[] =>
  movePositions({ msku, quantity: 1, ...(from ? { from } : {}), to });
const tick = () => new Promise((r) => setTimeout(r, 1));

/** Enters `rows` in order; reports which turns are ready after the microtasks run out. */
async function readyOf(turns: Turn[]): Promise<boolean[]> {
  const ready = turns.map((t) => !t.ready);
  turns.forEach((t, i) => void t.ready?.then(() => (ready[i] = true)));
  await tick();
  return ready;
}

describe('the position gate', () => {
  it('holds a move out of a location until the earlier receipt into it has finished', async () => {
    const gate = new PositionGate();
    const receive = gate.enter(move('M', undefined, 'dock'));
    const away = gate.enter(move('M', 'dock', 'shelf'));
    expect(await readyOf([receive, away])).toEqual([true, false]);
    receive.done();
    expect(await readyOf([away])).toEqual([true]);
  });

  it('lets independent rows, and rows that only take from (or only fill) one position, go at once', async () => {
    const gate = new PositionGate();
    const turns = [
      gate.enter(move('M', 'A', 'B')),
      gate.enter(move('M', 'A', 'C')), // both take from M@A, fill different places
      gate.enter(move('N', 'A', 'B')), // another msku
      gate.enter(move('M', undefined, 'B')), // fills M@B, as the first row does
    ];
    expect(await readyOf(turns)).toEqual([true, true, true, true]);
    for (const t of turns) t.done();
    expect(gate.size).toBe(0);
  });

  it('keeps file order across alternating groups: fills, then takes, then fills again', async () => {
    const gate = new PositionGate();
    const fills = [gate.enter(move('M', undefined, 'X')), gate.enter(move('M', 'A', 'X'))];
    const takes = [gate.enter(move('M', 'X', 'B')), gate.enter(move('M', 'X', 'C'))];
    const refill = gate.enter(move('M', undefined, 'X'));
    expect(await readyOf([...fills, ...takes, refill])).toEqual([true, true, false, false, false]);
    fills[1]!.done();
    expect(await readyOf([...takes, refill])).toEqual([false, false, false]);
    fills[0]!.done();
    expect(await readyOf([...takes, refill])).toEqual([true, true, false]);
    takes[0]!.done();
    expect(await readyOf([refill])).toEqual([false]);
    takes[1]!.done();
    expect(await readyOf([refill])).toEqual([true]);
    refill.done();
    await tick();
    expect(gate.size).toBe(0);
  });

  it('writes of one item (imports) go one after another', async () => {
    const gate = new PositionGate();
    const write = (msku: string) => gate.enter([{ msku, role: 'write' }]);
    const turns = [write('I'), write('I'), write('J')];
    expect(await readyOf(turns)).toEqual([true, false, true]);
    turns[0]!.done();
    expect(await readyOf([turns[1]!])).toEqual([true]);
  });

  it('drops a position once its last row finishes, and a row that stops early releases others only after its turn', async () => {
    const gate = new PositionGate();
    const first = gate.enter(move('M', undefined, 'X'));
    const second = gate.enter(move('M', 'X', 'Y'));
    const third = gate.enter(move('M', 'Y', 'Z'));
    expect(gate.size).toBe(3);
    second.done(); // finished before its turn: the third row still waits for the first
    expect(await readyOf([third])).toEqual([false]);
    first.done();
    expect(await readyOf([third])).toEqual([true]);
    third.done();
    await tick();
    expect(gate.size).toBe(0);
  });

  it('runs rows through a pool-style work function in file order where they depend, at once where not', async () => {
    const log: string[] = [];
    const release = new Map<number, () => void>();
    const rows = [
      {
        line: 1,
        sends: 'a',
        row: null,
        ident: { key: [], what: { msku: 'M', quantity: 1, fromPurchaseId: '9', to: 'dock' } },
      },
      {
        line: 2,
        sends: 'b',
        row: null,
        ident: { key: [], what: { msku: 'M', quantity: 1, from: 'dock', to: 'shelf' } },
      },
      {
        line: 3,
        sends: 'c',
        row: null,
        ident: { key: [], what: { msku: 'N', quantity: 1, from: 'dock', to: 'shelf' } },
      },
      { line: 4, row: null, ident: { key: [], what: { msku: 'M', quantity: 1, from: 'dock', to: 'shelf' } } }, // not sent (done earlier)
    ];
    const work = inFileOrder(
      { positions: (_row: null, ident: Identified<MoveWhat>) => movePositions(ident.what) },
      async (item: (typeof rows)[number]) => {
        log.push(`start ${item.line}`);
        await new Promise<void>((r) => release.set(item.line, r));
      },
    );
    const running = rows.map((r) => work(r));
    await tick();
    expect(log).toEqual(['start 1', 'start 3', 'start 4']);
    release.get(1)!();
    await tick();
    expect(log).toEqual(['start 1', 'start 3', 'start 4', 'start 2']);
    for (const line of [2, 3, 4]) release.get(line)!();
    await Promise.all(running);
  });

  it('sends a row after its predecessor even when that one failed (the server decides)', async () => {
    const log: string[] = [];
    const what = (from?: string) => ({
      msku: 'M',
      quantity: 1,
      ...(from ? { from } : { fromPurchaseId: '9' }),
      to: from ? 'shelf' : 'dock',
    });
    const rows = [
      { line: 1, sends: 'a', row: null, ident: { key: [], what: what() } },
      { line: 2, sends: 'b', row: null, ident: { key: [], what: what('dock') } },
    ];
    let fail!: (error: Error) => void;
    const work = inFileOrder(
      { positions: (_row: null, ident: Identified<MoveWhat>) => movePositions(ident.what) },
      async (item: (typeof rows)[number]) => {
        log.push(`start ${item.line}`);
        if (item.line === 1) await new Promise<void>((_, reject) => (fail = reject));
      },
    );
    const first = work(rows[0]!).catch((error: Error) => log.push(`failed 1: ${error.message}`));
    const second = work(rows[1]!);
    await tick();
    expect(log).toEqual(['start 1']);
    fail(new Error('400'));
    await Promise.all([first, second]);
    expect(log.sort()).toEqual(['failed 1: 400', 'start 1', 'start 2']);
  });

  it('a row that takes from and fills one position writes it: the next row to fill it waits', async () => {
    const gate = new PositionGate();
    const both = gate.enter([
      { msku: 'M', at: 'A', role: 'take' },
      { msku: 'M', at: 'A', role: 'fill' },
    ]);
    const fill = gate.enter([{ msku: 'M', at: 'A', role: 'fill' }]);
    expect(await readyOf([both, fill])).toEqual([true, false]);
  });

  it('an earlier group finishing does not forget the later group that holds the position now', async () => {
    const gate = new PositionGate();
    const fill = gate.enter(move('M', undefined, 'X'));
    const take = gate.enter(move('M', 'X', 'Y'));
    fill.done();
    expect(await readyOf([take])).toEqual([true]);
    const fillAgain = gate.enter(move('M', undefined, 'X'));
    expect(await readyOf([fillAgain]), 'waits for the take still running').toEqual([false]);
    take.done();
    expect(await readyOf([fillAgain])).toEqual([true]);
  });
});
