/** inv scout on an 80-column terminal: lines that fit, every failed rule, results before the next prompt; manifest rows keep their code. */
import { writeFileSync } from 'node:fs';
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

/** The screen as lines of plain text: colours and line-clearing escapes removed, carriage returns honoured. */
const lines = (screen: string) =>
  screen
    .replace(/\x1b\[[0-9;?]*[A-Za-z]|\x07/g, '')
    .split(/\r?\n/)
    .map((l) => l.split('\r').at(-1)!);

describe('inv scout on an 80-column terminal', () => {
  it('no line is wider than 80 columns, numbers whole, and every failed rule is shown', async () => {
    const { code, screen } = await runInTerminal(['scout', '--cost', '60'], { ...fx.env, COLUMNS: '80' }, [
      { when: /scan> /, send: 'B00X4WHP5E\r' },
      { when: /1 scans/, send: '\x04' },
    ]);
    expect(code).toBe(0);
    const shown = lines(screen);
    const wide = shown.filter((l) => l.length > 80);
    expect(wide, `lines over 80 columns:\n${wide.join('\n')}`).toEqual([]);
    const text = shown.join('\n');
    expect(text).toMatch(/SKIP +B00X4WHP5E .*profit -\d+\.\d\d +ROI -\d+%/);
    expect(text).toMatch(/profit -\d+\.\d\d < minProfit 3\.00/);
    expect(text).toMatch(/ROI -\d+\.\d% < minRoi 30%/);
  });

  it('the verdict line keeps the title, and no reason is cut', async () => {
    const title = JSON.parse((await runInv(['item', 'B00X4WHP5E', '--json'], { env: fx.env })).stdout)[0].title;
    const { code, screen } = await runInTerminal(['scout', '--cost', '60'], { ...fx.env, COLUMNS: '80' }, [
      { when: /scan> /, send: 'B00X4WHP5E\r' },
      { when: /1 scans/, send: '012345678906\r' },
      { when: /2 scans/, send: '\x04' },
    ]);
    expect(code).toBe(0);
    const shown = lines(screen);
    expect(shown.filter((l) => l.length > 80)).toEqual([]);
    const verdict = shown.find((l) => /^SKIP +B00X4WHP5E /.test(l))!;
    // The title whole, or cut from the middle: its beginning and its end are on the line.
    expect(verdict).toContain(title.slice(0, 8));
    expect(verdict).toContain(title.slice(-4));
    expect(verdict).toMatch(/profit -\d+\.\d\d +ROI -\d+%$/);
    const text = shown.map((l) => l.trim()).join(' ');
    expect(text).toContain('"012345678906" is not a valid UPC: its check digit should be 5 (GS1 mod-10)');
    expect(text).toMatch(/profit -\d+\.\d\d < minProfit 3\.00; ROI -\d+\.\d% < minRoi 30%/);
  });

  it('several codes pasted at once: each result is printed before the next prompt, never after it', async () => {
    const { code, screen } = await runInTerminal(['scout', '--cost', '3'], { ...fx.env, COLUMNS: '80' }, [
      { when: /scan> /, send: 'B00X4WHP5E\rB00X4WHP5F\rB00X4WHP5G\r' },
      { when: /3 scans/, send: '\x04' },
    ]);
    expect(code).toBe(0);
    const shown = lines(screen);
    expect(shown.filter((l) => /scan> .*(BUY|SKIP|\?\?\?) /.test(l))).toEqual([]);
    expect(shown.filter((l) => /^(BUY|SKIP) +B00X4WHP5[EFG] /.test(l))).toHaveLength(3);
  });
});

describe('inv scout --file', () => {
  it('a row without a cost keeps its code; the CSV reasons cell is joined with "; "', async () => {
    const file = join(fx.dir, 'nocost.csv');
    writeFileSync(file, 'code,cost\nB0NOCOST01,\nB00X4WHP5E,60\n');
    const r = await runInv(['scout', '--file', file, '--json'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(0);
    const results = JSON.parse(r.stdout).lines as Array<{ code: string; reasons: string[] }>;
    expect(results.find((x) => x.reasons.some((why) => /no cost/.test(why)))?.code).toBe('B0NOCOST01');
    const csv = await runInv(['scout', '--file', file, '-o', 'csv', '--fields', 'code,reasons'], { env: fx.authed });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toMatch(/B00X4WHP5E,profit -\d+\.\d\d < minProfit 3\.00; ROI -\d+\.\d% < minRoi 30%/);
  });
});
