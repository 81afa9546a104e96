/** Rows reach the pool only once their window is reserved, and a run that stops leaves no reservation running. */
import { describe, expect, it } from 'vitest';
import { reserveAhead } from '../../src/batch/sending/reserve.js';
import { turns } from '../helpers/wait.js';

const hex = (n: number) => n.toString(16).padStart(16, '0');

describe('reserveAhead', () => {
  it('yields no row before its window is reserved, and reserves only the rows that will be sent', async () => {
    const events: string[] = [];
    const gates: Array<() => void> = [];
    const items = (async function* () {
      for (let i = 0; i < 7; i++) yield { n: i, id: i === 3 ? undefined : hex(i) };
    })();
    const reserve = (window: string[]) =>
      new Promise<void>((resolve) => gates.push(() => (events.push(`reserved ${window.length}`), resolve())));
    const seen: number[] = [];
    const consumer = (async () => {
      for await (const item of reserveAhead(items, 3, (row) => row.id, reserve)) {
        expect(item.sends).toBe(item.id);
        seen.push(item.n);
        events.push(`row ${item.n}`);
      }
    })();
    for (let i = 0; i < 50 && seen.length < 7; i++) {
      await new Promise((r) => setTimeout(r, 1));
      gates.shift()?.();
    }
    await consumer;
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Windows of 3 ids: rows 0-3 (row 3 sends nothing), 4-6. Each row comes after its window's reservation.
    expect(events.indexOf('row 0')).toBeGreaterThan(events.indexOf('reserved 3'));
    expect(events.indexOf('row 4')).toBeGreaterThan(events.lastIndexOf('reserved 3'));
    expect(events.filter((e) => e.startsWith('reserved'))).toEqual(['reserved 3', 'reserved 3']);
  });

  it('does not return while the next window is still being reserved: a run that stops leaves nothing running', async () => {
    const items = (async function* () {
      for (let i = 0; i < 6; i++) yield { id: hex(i) };
    })();
    let finishSecond!: () => void;
    let windows = 0;
    const reserve = () => (++windows === 1 ? Promise.resolve() : new Promise<void>((r) => (finishSecond = r)));
    const rows = reserveAhead(items, 3, (row) => row.id, reserve);
    await rows.next(); // the first row: window 1 is reserved and window 2's reservation has started
    expect(windows).toBe(2);
    let returned = false;
    const stopping = rows.return(undefined).then(() => (returned = true));
    await turns(5);
    expect(returned, 'returned with a reservation still being written').toBe(false);
    finishSecond();
    await stopping;
    expect(returned).toBe(true);
  });
});
