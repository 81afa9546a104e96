/**
 * inv scout against a sandbox: a terminal session, a pipe of 60 codes checked to the cent, the manifest mode killed and
 * resumed, inv profit.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit, isbn10CheckDigit } from '../../src/api/product-codes.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';
import { BIN, childEnv } from '../helpers/spawn.js';
import { runInTerminal } from '../helpers/terminal.js';
import { waitFor } from '../helpers/wait.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const cents = (n: number) => Math.round(n * 100);

describe('inv scout on a terminal', () => {
  it('shows one line per scan (ASIN, UPC with a cost, unknown code, bad check digit) and the tally on Ctrl-D', async () => {
    const { code, screen } = await runInTerminal(['scout', '--cost', '3'], fx.env, [
      { when: /scan> /, send: 'B00X4WHP5E\r' },
      { when: /1 scans/, send: '012345678905,4.50\r' },
      { when: /2 scans/, send: 'B000000000\r' },
      { when: /3 scans/, send: '012345678906\r' },
      { when: /4 scans/, send: '\x04' },
    ]);
    expect(code).toBe(0);
    const text = screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    expect(text).toMatch(
      /(BUY|SKIP) +B00X4WHP5E .*\$\d+\.\d\d +fees \d+\.\d\d +cost 3\.00 +profit [+-]\d+\.\d\d +ROI -?\d+%/,
    );
    expect(text).toMatch(/(BUY|SKIP) +B0\w{8} .*cost 4\.50/);
    expect(text).toMatch(/\?\?\? +B000000000 +no product for ASIN B000000000/);
    expect(text).toMatch(/\?\?\? +012345678906 +"012345678906" is not a valid UPC: its check digit should be 5/);
    expect(text).toMatch(/tally: 4 scans · \d buy · \d skip · 2 unknown/);
  });
});

describe('inv scout in a pipe', () => {
  it('gives 60 JSON lines for 60 codes, each profit equal to price − fees − cost − prep − inbound − tax to the cent', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) codes.push(`B0PIPE${String(i).padStart(4, '0')}`);
    for (let i = 0; i < 20; i++) {
      const body = `0${String(7_000_000_000 + i * 7919)}`;
      codes.push(body + gs1CheckDigit(body));
    }
    for (let i = 0; i < 20; i++) {
      const body = String(306_000_000 + i * 104_729).padStart(9, '0');
      codes.push(body + isbn10CheckDigit(body));
    }
    const input = codes.map((c, i) => `${c},${(1 + i * 0.37).toFixed(2)}\n`).join('');
    const r = await runInv(['scout', '--prep', '0.35', '--inbound-per-lb', '0.4', '--tax-rate', '7'], {
      env: fx.env,
      stdin: input,
    });
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(60);
    expect(r.stderr).toMatch(/tally: 60 scans/);
    for (const [i, line] of lines.entries()) {
      for (const field of [
        'code',
        'asin',
        'title',
        'rank',
        'price',
        'priceSource',
        'fees',
        'cost',
        'profit',
        'roi',
        'margin',
        'verdict',
        'reasons',
      ])
        expect(line).toHaveProperty(field);
      expect(line.code).toBe(codes[i]);
      expect(line.cost).toBe(Number((1 + i * 0.37).toFixed(2)));
      expect(line.price).toBeGreaterThan(0);
      const inbound = line.weight === null ? 0 : Math.round(line.weight * 0.4 * 100) / 100;
      const tax = Math.round((cents(line.cost) * 7) / 100) / 100;
      expect(line.prep).toBe(0.35);
      expect(line.inbound).toBe(inbound);
      expect(line.tax).toBe(tax);
      expect(cents(line.profit)).toBe(
        cents(line.price) - cents(line.fees) - cents(line.cost) - 35 - cents(inbound) - cents(tax),
      );
      expect(['buy', 'skip']).toContain(line.verdict);
    }
    // The fees are those `inv fees ASIN --price P` quotes.
    for (const line of lines) {
      const fees = await runInv(['fees', line.asin, '--price', line.price.toFixed(2), '--json'], { env: fx.env });
      expect(JSON.parse(fees.stdout)[0].fbaFees.feesTotal).toBe(line.fees);
    }
  });

  it('Ctrl-C ends with the tally and exit 130', async () => {
    const child = spawn(process.execPath, [BIN, 'scout', '--cost', '2'], {
      env: childEnv(fx.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.write('B00X4WHP5E\n');
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d) => {
        stdout += d;
        if (stdout.includes('\n')) resolve();
      }),
    );
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toMatch(/tally: 1 scans/);
    expect(JSON.parse(stdout.trim()).asin).toBe('B00X4WHP5E');
  });

  it('a second scan of the same ASIN is answered from the session cache', async () => {
    const before = fx.sandbox.research.stats.count('/v1/offers/B0CACHE001');
    const r = await runInv(['scout', '--cost', '2'], { env: fx.env, stdin: 'B0CACHE001\nB0CACHE001\nB0CACHE001\n' });
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(fx.sandbox.research.stats.count('/v1/offers/B0CACHE001') - before).toBe(1);
  });

  it('--buy-list writes a CSV that inv items import takes as it is', async () => {
    const file = join(fx.dir, 'buys.csv');
    const r = await runInv(['scout', '--cost', '0.50', '--buy-list', file], {
      env: fx.env,
      stdin: 'B00X4WHP5E\nB07FZ8S74R\n',
    });
    const buys = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.verdict === 'buy');
    expect(buys.length).toBeGreaterThan(0);
    const csv = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(csv[0]).toBe('msku,title,cond,productId,productIdType,attr.cost,attr.qty');
    expect(csv).toHaveLength(buys.length + 1);
    expect(csv[1]).toMatch(new RegExp(`^${buys[0].asin}-new,.*,new,${buys[0].asin},ASIN,0\\.50,1$`));
    const imported = await runInv(['items', 'import', file, '--json'], { env: fx.authed });
    expect(imported.code).toBe(0);
    const item = JSON.parse(
      (await runInv(['items', 'get', `${buys[0].asin}-new`, '--json'], { env: fx.authed })).stdout,
    );
    expect(item).toMatchObject({ productId: buys[0].asin, productIdType: 'ASIN', cond: 'new' });
    expect(item.attributes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'cost', value: '0.50' })]));
  });
});

describe('verdict rules from the profile', () => {
  it('skips by scout.maxRank, and a category override lifts it', async () => {
    const set = (key: string, value: string) =>
      runInv(['--profile', 'strict', 'config', 'set', key, value], { env: fx.env });
    expect((await runInv(['profile', 'create', 'strict'], { env: fx.env })).code).toBe(0);
    expect((await set('scout.maxRank', '1')).code).toBe(0);
    expect((await set('scout.minRoi', 'lots')).code).toBe(2);
    const [line] = (
      await runInv(['--profile', 'strict', 'scout', '--cost', '1', '--json'], { env: fx.env, stdin: 'B07FZ8S74R\n' })
    ).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line.verdict).toBe('skip');
    expect(line.reasons).toContain(`rank ${line.rank} > maxRank 1`);
    expect((await set('scout.overrides', JSON.stringify({ [line.category]: { maxRank: 10_000_000 } }))).code).toBe(0);
    const [again] = (
      await runInv(['--profile', 'strict', 'scout', '--cost', '1', '--json'], { env: fx.env, stdin: 'B07FZ8S74R\n' })
    ).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(again.verdict).toBe('buy');
  });
});

describe('inv scout --file (manifest)', () => {
  it('killed mid-run and restarted, asks the server only for the answers it was not given', async () => {
    const rows = 120;
    const file = join(fx.dir, 'manifest.csv');
    writeFileSync(
      file,
      'code,cost,qty\n' +
        Array.from(
          { length: rows },
          (_, i) => `B0MANI${String(i).padStart(4, '0')},${(2 + (i % 9)).toFixed(2)},${1 + (i % 3)}\n`,
        ).join(''),
    );
    const offers = () => fx.sandbox.research.stats.count('/v1/offers/B0MANI');
    fx.sandbox.research.faults.settings.latencyMs = 25;
    // Answers are kept one JSON line each: "offers:ASIN" lines count the rows whose offers were answered, "fees:" the rows answered whole.
    const cache = join(fx.env.INV_STATE_DIR, 'cache');
    const kept = (kind: string) => {
      if (!existsSync(cache)) return 0;
      const name = readdirSync(cache).find((f) => f.startsWith('research-'));
      return name
        ? readFileSync(join(cache, name), 'utf8')
            .split('\n')
            .filter((l) => l.endsWith('}') && l.includes(`"k":"${kind}:B0MANI`)).length
        : 0;
    };
    const child = spawn(process.execPath, [BIN, 'scout', '--file', file, '--concurrency', '4', '--json'], {
      env: childEnv(fx.env),
      stdio: 'ignore',
    });
    await waitFor(() => kept('fees') >= 30, {
      what: () => `30 rows answered whole (${kept('fees')} so far)`,
      running: child,
      every: 20,
    });
    // Offers held at the server when the kill lands: some row is surely not answered yet.
    const hold = fx.sandbox.research.faults.hold('/v1/offers/');
    await waitFor(() => hold.held > 0, { what: 'a request for offers held at the server', running: child });
    const closed = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGKILL');
    await closed;
    hold.release();
    fx.sandbox.research.faults.settings.latencyMs = 0;
    const answered = kept('offers');
    const whole = kept('fees');
    expect(whole).toBeGreaterThanOrEqual(30);
    expect(answered).toBeLessThan(rows);
    const before = offers();
    const r = await runInv(['scout', '--file', file, '--json'], { env: fx.env });
    expect(r.code).toBe(0);
    expect(offers() - before).toBe(rows - answered);
    const results = JSON.parse(r.stdout).lines;
    expect(results).toHaveLength(rows);
    expect(new Set(results.map((x: { line: number }) => x.line)).size).toBe(rows);
    const profits = results.map((x: { lineProfit: number }) => x.lineProfit);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
    expect(r.stderr).toMatch(new RegExp(`${whole} rows from the cache, oldest answer \\d+ s old`));
  });
});

describe('inv profit', () => {
  it('breaks the profit down term by term, with a checked break-even price and the max cost for minRoi', async () => {
    const r = await runInv(['profit', 'B07FZ8S74R', '--cost', '5', '--prep', '0.25', '--json'], { env: fx.env });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    const sum = report.terms
      .filter((t: { term: string }) => !['fees', 'profit'].includes(t.term))
      .reduce((s: number, t: { amount: number }) => s + cents(t.amount), 0);
    expect(sum).toBe(cents(report.profit));
    expect(report.breakEven.ok).toBe(true);
    const even = await runInv(
      ['profit', 'B07FZ8S74R', '--cost', '5', '--prep', '0.25', '--price', report.breakEven.price.toFixed(2), '--json'],
      { env: fx.env },
    );
    expect(JSON.parse(even.stdout).profit).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(even.stdout).profit).toBeLessThan(0.02);
    const atMax = JSON.parse(
      (
        await runInv(['profit', 'B07FZ8S74R', '--cost', report.maxCost.cost.toFixed(2), '--prep', '0.25', '--json'], {
          env: fx.env,
        })
      ).stdout,
    );
    expect(atMax.roi).toBeGreaterThanOrEqual(30);
    const table = await runInv(['profit', 'B07FZ8S74R', '--cost', '5', '-o', 'table'], { env: fx.env });
    expect(table.stdout).toMatch(/referral fee\s+-\d+\.\d\d\s+fbaFees\.azComm/);
    expect(table.stdout).toMatch(/break-even price\s+\d+\.\d\d/);
  });

  it('needs --cost (exit 2), before any request', async () => {
    const before = fx.sandbox.research.stats.count();
    const r = await runInv(['profit', 'B07FZ8S74R'], { env: fx.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --cost/);
    expect(fx.sandbox.research.stats.count()).toBe(before);
  });
});
