/** Input lines are bounded (1 MiB, refused as soon as seen, naming the line) and a stdin batch leaves no spooled copy behind. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFixture, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { BIN, childEnv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());

const LONG = 'x'.repeat(2 * 1024 * 1024);
let runs = 0;
/** A move row no earlier run has applied (a repeat would be refused as another batch's). */
const ok = () => `C-${runs % 10},${1 + Math.floor(runs++ / 10)},${fx.bays.A},${fx.bays.B}`;

describe('a line longer than 1 MiB', () => {
  it('in a batch CSV file: exit 2 naming the line, nothing sent', async () => {
    const file = join(fx.dir, 'long.csv');
    writeFileSync(file, `msku,quantity,from,to\n${ok()}\nC-2,1,${fx.bays.A},${LONG}\n${ok()}\n`);
    const before = fx.moves();
    const r = await runInv(['move', '--file', file], { env: fx.authed });
    expect(fx.moves() - before).toBe(0);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/long\.csv: line 3 is longer than 1 MiB/);
  });

  it('in an NDJSON import on stdin: exit 2 naming the line, nothing sent', async () => {
    const before = JSON.stringify(fx.sandbox.account.state.items);
    const input = `{"msku":"LONG-1","title":"a"}\n{"msku":"LONG-2","title":"${LONG}"}\n`;
    const r = await runInv(['items', 'import', '-', '--format', 'ndjson'], { env: fx.authed, stdin: input });
    expect(JSON.stringify(fx.sandbox.account.state.items)).toBe(before);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/stdin: line 2 is longer than 1 MiB/);
  });

  it('in a scout manifest: exit 2 naming the line, no row after it asked', async () => {
    const file = join(fx.dir, 'long-manifest.csv');
    writeFileSync(file, `code,cost,qty\nB0LONG0001,2.00,1\nB0LONG0002,${LONG},1\nB0LONG0003,2.00,1\n`);
    const r = await runInv(['scout', '--file', file, '--json'], { env: fx.authed });
    // Rows are scouted as they stream (nothing changes at the server): the row before the long line may be asked.
    expect(fx.sandbox.research.stats.count('/v1/offers/B0LONG0003')).toBe(0);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/line 3 is longer than 1 MiB/);
  });
});

describe('the spooled copy of a stdin batch', () => {
  const spool = () => join(fx.env.INV_STATE_DIR, 'spool');
  const spooled = () => (existsSync(spool()) ? readdirSync(spool()) : []);

  it('is removed when the batch finishes', async () => {
    const r = await runInv(['move', '--file', '-', '--json'], {
      env: fx.authed,
      stdin: `msku,quantity,from,to\n${ok()}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(spooled()).toEqual([]);
  });

  it('of a killed run is removed by its rerun, or by batch prune', async () => {
    for (const cleaner of ['rerun', 'prune'] as const) {
      // stdin stays open: the run is still spooling it when it is killed.
      const child = spawn(process.execPath, [BIN, 'move', '--file', '-', '--json'], {
        env: childEnv(fx.authed),
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      const closed = new Promise((resolve) => child.on('close', resolve));
      child.stdin.write(`msku,quantity,from,to\n${ok()}\n`);
      await waitFor(() => spooled().length > 0, {
        what: 'a spool file while stdin is open',
        running: child,
        every: 50,
      });
      expect(spooled().length, 'a spool file while stdin is open').toBe(1);
      child.kill('SIGKILL');
      await closed;
      const after =
        cleaner === 'rerun'
          ? await runInv(['move', '--file', '-', '--json'], {
              env: fx.authed,
              stdin: `msku,quantity,from,to\n${ok()}\n`,
            })
          : await runInv(['batch', 'prune', '--older-than', '0'], { env: fx.authed });
      expect(after.code, after.stderr).toBe(0);
      expect(spooled(), `after the ${cleaner}`).toEqual([]);
    }
  });
});
