/** CSV as people save it (Excel in Europe, headers typed by hand, a spreadsheet's empty rows) is read by every CSV reader. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFixture, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
});
afterAll(() => fx.close());

/** Runs `inv move --file` on `content` written to `name`; returns the result and the doMoveItem requests sent. */
async function move(name: string, content: string, extra: string[] = []) {
  const file = join(fx.dir, name);
  writeFileSync(file, content);
  const before = fx.moves();
  const r = await runInv(['move', '--file', file, '--json', ...extra], { env: fx.authed });
  return { ...r, sent: fx.moves() - before };
}

describe('inv move --file reads CSV as people save it', () => {
  it('a semicolon-separated file (sniffed from the header)', async () => {
    const r = await move('semi.csv', `msku;quantity;from;to\nC-1;2;${fx.bays.A};${fx.bays.B}\nC-2;3;Bay A;Bay B\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent).toBe(2);
  });

  it("Excel's sep=; first line, and a tab-separated file", async () => {
    const sep = await move('sep.csv', `sep=;\r\nmsku;quantity;from;to\r\nC-3;1;${fx.bays.A};${fx.bays.B}\r\n`);
    expect(sep.code, sep.stderr).toBe(0);
    expect(sep.sent).toBe(1);
    const tab = await move('tab.csv', `msku\tquantity\tfrom\tto\nC-4\t1\t${fx.bays.A}\t${fx.bays.B}\n`);
    expect(tab.code, tab.stderr).toBe(0);
    expect(tab.sent).toBe(1);
  });

  it('--delimiter names the separator when the header cannot tell', async () => {
    const r = await move('pipe.csv', `msku|quantity|from|to\nC-5|1|${fx.bays.A}|${fx.bays.B}\n`, ['--delimiter', '|']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent).toBe(1);
  });

  it('header names in any case and with spaces around them', async () => {
    const r = await move(
      'case.csv',
      ` MSKU , Quantity ,From,TO,FromPurchaseID\nC-6,1,${fx.bays.A},${fx.bays.B},\nC-6,1,,${fx.bays.B},9001\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent).toBe(2);
  });

  it('the empty rows a spreadsheet leaves at the end are skipped, and counted on stderr', async () => {
    const r = await move('trailing.csv', `msku,quantity,from,to\nC-7,1,${fx.bays.A},${fx.bays.B}\n,,,\n , ,,\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent).toBe(1);
    expect(r.stderr).toMatch(/skipped 2 empty row\(s\)/);
  });

  it('a quantity with a thousands separator is refused with a hint, nothing sent', async () => {
    const r = await move('thousands.csv', `msku,quantity,from,to\nC-8,"1,000",${fx.bays.A},${fx.bays.B}\n`);
    expect([r.code, r.sent]).toEqual([2, 0]);
    expect(r.stderr).toMatch(/line 2: quantity: "1,000" .*thousands separator/);
    const semi = await move('thousands-semi.csv', `msku;quantity;from;to\nC-8;1.000;${fx.bays.A};${fx.bays.B}\n`);
    expect([semi.code, semi.sent]).toEqual([2, 0]);
    expect(semi.stderr).toMatch(/line 2: quantity: "1\.000" .*thousands separator/);
  });
});

describe('a batch in a log (stderr not a terminal)', () => {
  it('ends with a timestamped summary line, like its progress lines', async () => {
    const r = await move('logged.csv', `msku,quantity,from,to\nC-9,1,${fx.bays.A},${fx.bays.B}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z (✓|!) /);
  });
});

describe('inv items import and inv scout --file read the same CSV', () => {
  it('items import: semicolons, mixed-case header, trailing empty rows', async () => {
    const file = join(fx.dir, 'items.csv');
    writeFileSync(file, 'MSKU;Title;Cond\nSEMI-1;Mug;new\n;;\n');
    const r = await runInv(['items', 'import', file, '--json'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(0);
    expect(fx.sandbox.account.state.items['SEMI-1']?.title).toBe('Mug');
    expect(r.stderr).toMatch(/skipped 1 empty row\(s\)/);
  });

  it('scout manifest: semicolons, mixed-case header, trailing empty rows', async () => {
    const file = join(fx.dir, 'manifest.csv');
    writeFileSync(file, 'sep=;\nCode; Cost ;QTY\nB0SEMI0001;2.50;1\n;;\n');
    const r = await runInv(['scout', '--file', file, '--json'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(0);
    const results = JSON.parse(r.stdout).lines as Array<{ code: string; cost: number }>;
    expect(results.map((x) => x.code)).toEqual(['B0SEMI0001']);
    expect(r.stderr).toMatch(/skipped 1 empty row\(s\)/);
  });
});
