/**
 * inv scout --file --report: one HTML file, opened in headless Chromium: nothing fetched, the totals and every line as
 * --json gives them, the charts drawn, the table sorted and filtered, a screenshot and a printout made; --open.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium } from '../helpers/chromium.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';
import { waitFor } from '../helpers/wait.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

interface Line {
  line: number;
  asin: string | null;
  title: string | null;
  roi: number | null;
  rank: number | null;
  lineProfit: number | null;
  verdict: string;
  reasons: string[];
}

/** Forty lines of six products at costs from $1 to $40, one code with no product: buys, skips and an unknown. */
const MANIFEST =
  'code,cost,qty\n' +
  Array.from({ length: 40 }, (_, i) => `B0REPORT0${i % 6},${(1 + i).toFixed(2)},${1 + (i % 4)}`).join('\n') +
  '\nB000000000,3.00,2\n';
const money = (n: number | undefined) =>
  (n ?? NaN).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('inv scout --file --report', () => {
  it('writes a page Chromium shows whole, with the numbers of --json, and nothing fetched', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium-headless-shell`).toBe(true);
    const file = join(fx.dir, 'report.csv');
    const report = join(fx.dir, 'lot.html');
    writeFileSync(file, MANIFEST);
    const r = await runInv(['scout', '--file', file, '--at', '30', '--report', report, '--json'], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/report: .*lot\.html \(\d+ KB\)/);
    const json = JSON.parse(r.stdout) as {
      lot: Record<string, number>;
      accepted: Record<string, number>;
      lines: Line[];
    };
    const html = readFileSync(report, 'utf8');
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    expect(html).not.toMatch(/\b(src|href)=|@import|url\(/);

    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(request.url()));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(pathToFileURL(report).href);
      expect(fetched).toEqual([pathToFileURL(report).href]);
      expect(errors).toEqual([]);

      // The totals, as --json gives them.
      for (const part of ['lot', 'accepted'] as const)
        for (const [field, text] of Object.entries({
          lines: String(json[part].lines),
          units: String(json[part].units),
          cost: money(json[part].cost),
          invested: money(json[part].invested),
          revenue: money(json[part].revenue),
          fees: money(json[part].fees),
          profit: money(json[part].profit),
        }))
          expect(await page.textContent(`[data-total="${part}.${field}"]`), `${part}.${field}`).toBe(text);

      // Every line, ranked as --json ranks them, with its full title and every reason.
      const rows = page.locator('#lines tbody tr');
      expect(await rows.count()).toBe(json.lines.length);
      // Each row's cells' text, read in the page (the tests' types know no DOM).
      type Row = { children: ArrayLike<{ textContent: string | null }> };
      const cells = await rows.evaluateAll((trs) =>
        trs.map((tr) => Array.from((tr as Row).children, (td) => td.textContent)),
      );
      cells.forEach((row, i) => {
        const l = json.lines[i]!;
        expect(row[0]).toBe(String(l.line));
        expect(row[2]).toBe(l.asin ?? '-');
        expect(row[3]).toBe(l.title ?? '-');
        expect(row[12]).toBe(l.verdict);
        expect(row[13]).toBe(l.reasons.join('; '));
      });

      // The charts: a point per line with an ROI and a rank, the least ROI drawn, a bar per priced line.
      const plotted = json.lines.filter((l) => l.roi !== null && l.rank !== null).length;
      expect(await page.locator('#scatter circle.pt').count()).toBe(plotted);
      expect(await page.locator('#scatter [data-rule="minRoi"]').count()).toBe(1);
      const bars = await page
        .locator('#bars path.bar')
        .evaluateAll((ps) => ps.reduce((n, p) => n + (p.getAttribute('d')?.match(/M/g)?.length ?? 0), 0));
      expect(bars).toBe(json.lines.filter((l) => l.lineProfit !== null).length);

      const screenshot = join(fx.dir, 'report.png');
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(statSync(screenshot).size).toBeGreaterThan(20_000);
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // Sorted by ROI (best first) with a click, filtered by typing and by verdict.
      await page.click('#lines th:has-text("ROI")');
      const best = Math.max(...json.lines.map((l) => l.roi ?? -Infinity));
      expect(await page.textContent('#lines tbody tr:first-child td:nth-child(12)')).toBe(`${best.toFixed(1)}%`);
      await page.fill('#filter', 'B0REPORT03');
      const visible = () => page.locator('#lines tbody tr:visible').count();
      expect(await visible()).toBe(json.lines.filter((l) => l.asin === 'B0REPORT03').length);
      await page.fill('#filter', '');
      await page.selectOption('#verdict', 'skip');
      expect(await visible()).toBe(json.lines.filter((l) => l.verdict === 'skip').length);
      expect(await page.textContent('#shown')).toMatch(/^\d+ of 41 lines$/);
    } finally {
      await chromium.close();
    }
  });

  it('--open hands the written page to the browser; without one it says where the page is', async () => {
    const file = join(fx.dir, 'open.csv');
    const report = join(fx.dir, 'open.html');
    const opened = join(fx.dir, 'opened.txt');
    writeFileSync(file, MANIFEST);
    const recorder = fileURLToPath(new URL('../helpers/record-browser.mjs', import.meta.url));
    const r = await runInv(['scout', '--file', file, '--report', report, '--open', '--json'], {
      env: { ...fx.env, BROWSER: `${process.execPath} ${recorder}`, OPENED_FILE: opened },
    });
    expect(r.code, r.stderr).toBe(0);
    const url = await waitFor(() => existsSync(opened) && readFileSync(opened, 'utf8').trim(), {
      what: 'the opened URL',
    });
    expect(url).toBe(pathToFileURL(report).href);
    const none = await runInv(['scout', '--file', file, '--report', report, '--open', '--json'], {
      env: { ...fx.env, BROWSER: '', DISPLAY: '', WAYLAND_DISPLAY: '' },
    });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain(`no browser here: open ${pathToFileURL(report).href}`);
  });

  it('refuses a report it cannot write before asking anything (exit 2)', async () => {
    const file = join(fx.dir, 'unwritable.csv');
    writeFileSync(file, MANIFEST);
    const before = fx.sandbox.research.stats.count();
    const r = await runInv(['scout', '--file', file, '--report', '/no/such/dir/lot.html'], { env: fx.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--report \/no\/such\/dir\/lot\.html: the directory \/no\/such\/dir does not exist/);
    expect(fx.sandbox.research.stats.count()).toBe(before);
  });
});
