/** The batch's worker pool: bounded concurrency, and no row started once one has failed. */
import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/batch/sending/pool.js';

async function* numbers(count: number) {
  for (let n = 1; n <= count; n++) yield n;
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('runPool', () => {
  it('runs at most `concurrency` rows at once, and every row', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const result = await runPool(
      numbers(12),
      async (n) => {
        most = Math.max(most, ++running);
        await tick();
        running--;
        done.push(n);
      },
      { concurrency: 3 },
    );
    expect(result).toEqual({ stopped: false });
    expect(most).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('starts no row after one has failed, lets the started ones finish, then throws the failure', async () => {
    for (const fails of ['async', 'at once'] as const) {
      const started: number[] = [];
      const finished: number[] = [];
      const run = runPool(
        numbers(20),
        async (n) => {
          started.push(n);
          if (n === 3 && fails === 'at once') throw new Error('row 3 failed');
          await tick();
          if (n === 3) throw new Error('row 3 failed');
          finished.push(n);
        },
        { concurrency: 2 },
      );
      await expect(run, fails).rejects.toThrow('row 3 failed');
      expect(Math.max(...started), `${fails}: rows started ${started.join(', ')}`).toBeLessThanOrEqual(4);
      expect(
        finished.sort((a, b) => a - b),
        fails,
      ).toEqual(started.filter((n) => n !== 3).sort((a, b) => a - b));
    }
  });

  it('starts no row once its signal is aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const result = await runPool(
      numbers(10),
      async (n) => {
        started.push(n);
        if (n === 2) controller.abort();
        await tick();
      },
      { concurrency: 1, signal: controller.signal },
    );
    expect(result).toEqual({ stopped: true });
    expect(started).toEqual([1, 2]);
  });
});
