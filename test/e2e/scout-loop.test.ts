/** The scan loop's commands: ?, cost, at, roi, undo, total, clear; never taken for a code, and no code for one. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';
import { runInTerminal } from '../helpers/terminal.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

/** The screen as plain text: colours and line-clearing escapes removed. */
const plain = (screen: string) => screen.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x07/g, '');

describe('the scan loop on a terminal takes commands', () => {
  it('? lists them; help and clear are no scans', async () => {
    const { code, screen } = await runInTerminal(['scout', '--cost', '3'], { ...fx.env, COLUMNS: '100' }, [
      { when: /scan> /, send: '?\r' },
      { when: /take the last scan back/, send: 'help\r' },
      { when: /take the last scan back[\s\S]*take the last scan back/, send: 'clear\r' },
      { when: /\x1b\[2J/, send: '\x04' },
    ]);
    expect(code).toBe(0);
    const text = plain(screen);
    for (const command of ['cost 4.50', 'at lowest-fba', 'roi 30', 'undo', 'total', 'clear', '?'])
      expect(text).toContain(command);
    expect(text).toMatch(/tally: 0 scans/);
  });

  it('cost, at and roi change the scans that follow; total is what the session bought; undo takes a scan back', async () => {
    const { code, screen } = await runInTerminal(['scout'], { ...fx.env, COLUMNS: '100' }, [
      { when: /scan> /, send: 'cost 0.50\r' },
      { when: /cost 0\.50/, send: 'B00X4WHP5E\r' },
      { when: /1 scans/, send: 'at 5\r' },
      { when: /price: 5\.00/, send: 'B07FZ8S74R\r' },
      { when: /2 scans/, send: 'at buybox\r' },
      { when: /price: buybox/, send: 'roi 100000\r' },
      { when: /least ROI: 100000%/, send: 'B07FZ8S74R\r' },
      { when: /3 scans/, send: 'total\r' },
      { when: /bought: 1 unit/, send: 'undo\r' },
      { when: /took back/, send: 'total\r' },
      { when: /bought: 1 unit[\s\S]*bought: 1 unit/, send: '\x04' },
    ]);
    expect(code).toBe(0);
    const text = plain(screen);
    expect(text).toMatch(/BUY +B00X4WHP5E .*cost 0\.50 +profit \+\d+\.\d\d/);
    // at 5: a fixed price of $5.00 loses money; roi 100000: nothing is worth it.
    expect(text).toMatch(/SKIP +B07FZ8S74R .*\$5\.00 .*profit -\d+\.\d\d/);
    expect(text).toMatch(/ROI \d+\.\d% < minRoi 100000%/);
    const buy = /BUY +B00X4WHP5E .*profit \+(\d+\.\d\d)/.exec(text)![1];
    expect(text).toContain(`bought: 1 unit, cost 0.50, expected profit ${buy}`);
    expect(text).toMatch(/took back B07FZ8S74R \(skip\)/);
    expect(text).toMatch(/tally: 2 scans · 1 buy · 1 skip · 0 unknown/);
  });
});

describe('the scan loop in a pipe takes the same commands', () => {
  it('answers them on stderr, prints only scans on stdout, and undo takes the buy-list row back', async () => {
    const file = join(fx.dir, 'loop-buys.csv');
    const r = await runInv(['scout', '--buy-list', file], {
      env: fx.env,
      stdin: 'cost 0.50\nB00X4WHP5E\nundo\nB07FZ8S74R\nCOST 2\nB07FZ8S74R 1\ntotal\nhelp\ncots 3\n',
    });
    expect(r.code, r.stderr).toBe(0);
    const scans = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(scans.map((s) => [s.asin, s.cost])).toEqual([
      ['B00X4WHP5E', 0.5],
      ['B07FZ8S74R', 0.5],
      ['B07FZ8S74R', 1],
    ]);
    expect(r.stderr).toMatch(/took back B00X4WHP5E \(buy\)/);
    expect(r.stderr).toMatch(/unknown command "cots": did you mean cost\?\n +hint: \? lists the commands/);
    expect(r.stderr).toMatch(/tally: 2 scans/);
    const rows = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(rows.map((l) => l.split(',')[0])).toEqual(['msku', 'B07FZ8S74R-new', 'B07FZ8S74R-new']);
  });

  it('refuses a command with a bad value, naming the rule, and goes on', async () => {
    const r = await runInv(['scout', '--cost', '1'], {
      env: fx.env,
      stdin: 'cost 4,50\nat cheapest\nroi lots\nB00X4WHP5E\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /cost "4,50" must be a number of dollars with at most 4 decimals, with a decimal point: write 4\.50/,
    );
    expect(r.stderr).toMatch(/at "cheapest": buybox, lowest-fba, lowest, or a price/);
    expect(r.stderr).toMatch(/roi "lots" must be a percent/);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).cost),
    ).toEqual([1]);
  });
});
