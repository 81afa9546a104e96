/** Batch input is refused before anything is sent when it is malformed; the rules name the line, the field and the rule. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFixture, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';

let fx: BatchFixture;
beforeAll(async () => {
  fx = await batchFixture();
  const { account } = fx.sandbox;
  account.putItem({
    msku: 'CAFÉ-CRÈME',
    inactive: 'n',
    productId: null,
    productIdType: null,
    title: 'Café',
    manufacturer: null,
    image: null,
    type: null,
    cond: 'new',
    notes: null,
    createdUserId: '1001',
    created: account.now(),
    value: null,
    rank: null,
    modified: null,
    attributes: [],
  });
  account.adjustStock(account.ensureStock('CAFÉ-CRÈME', fx.bays.A).id, 100);
});
afterAll(() => fx.close());

/** Runs `inv move --file` on `content` (a string, or bytes) written to a file named `name`. */
async function move(name: string, content: string | Buffer, extra: string[] = []) {
  const file = join(fx.dir, name);
  writeFileSync(file, content);
  const before = fx.moves();
  const r = await runInv(['move', '--file', file, ...extra], { env: fx.authed });
  return { ...r, sent: fx.moves() - before };
}

describe('malformed input is refused before anything is sent (exit 2)', () => {
  const ok = () => `C-1,1,${fx.bays.A},${fx.bays.B}`;

  it('a bad --format or --delimiter with --json: exit 2, one summary object naming the rule, nothing sent', async () => {
    const rows = 'msku,quantity,from,to\nCAFÉ-CRÈME,1,' + fx.bays.A + ',' + fx.bays.B + '\n';
    for (const [flags, rule] of [
      [['--format', 'xlsx'], /--format "xlsx" must be csv or ndjson/],
      [['--delimiter', '||'], /--delimiter "\|\|" must be one character/],
    ] as const) {
      const r = await move('flags.csv', rows, [...flags, '--json']);
      expect(r.code, r.stderr).toBe(2);
      expect(JSON.parse(r.stdout)).toMatchObject({
        outcome: 'invalid',
        exitCode: 2,
        error: expect.stringMatching(rule),
      });
      expect(r.sent).toBe(0);
    }
  });

  it('a header naming a column twice', async () => {
    const r = await move('dup.csv', `msku,quantity,from,to,quantity\nC-1,1,${fx.bays.A},${fx.bays.B},50\n`);
    expect([r.code, r.sent]).toEqual([2, 0]);
    expect(r.stderr).toMatch(/names column "quantity" twice/);
  });

  it('a file with no rows: header only, or empty', async () => {
    for (const [name, text] of [
      ['header.csv', 'msku,quantity,from,to\n'],
      ['empty.csv', ''],
      ['blank.ndjson', '\n\n'],
    ] as const) {
      const r = await move(name, text);
      expect([r.code, r.sent], name).toEqual([2, 0]);
      expect(r.stderr).toMatch(/no rows in .*/);
    }
  });

  it('NDJSON: wrong types, duplicate keys, unknown keys, nesting (however deep)', async () => {
    const cases: Array<[string, RegExp]> = [
      [
        `{"msku":"C-1","quantity":[5],"from":${fx.bays.A},"to":${fx.bays.B}}`,
        /line 1: not a valid record: "quantity" holds an array/,
      ],
      [
        `{"msku":"C-1","quantity":5,"quantity":1,"from":${fx.bays.A},"to":${fx.bays.B}}`,
        /line 1: not a valid record: key "quantity" appears twice/,
      ],
      [
        `{"msku":"C-1","quantity":5,"from":${fx.bays.A},"to":${fx.bays.B},"note":"x"}`,
        /line 1: note: is not a move field/,
      ],
      [
        `{"msku":"C-1","quantity":true,"from":${fx.bays.A},"to":${fx.bays.B}}`,
        /line 1: quantity: must be a number or a string, not true\/false/,
      ],
      [`{"msku":5,"quantity":1,"from":${fx.bays.A},"to":${fx.bays.B}}`, /line 1: msku: must be a string/],
      [`{"msku":"C-1","quantity":1.5,"from":${fx.bays.A},"to":${fx.bays.B}}`, /quantity: must be a whole number/],
      [
        `{"msku":"C-1","quantity":1,"from":${'['.repeat(100_000)}${']'.repeat(100_000)},"to":1}`,
        /line 1: not a valid record: "from" holds an array/,
      ],
    ];
    for (const [line, message] of cases) {
      const r = await move(
        'bad.ndjson',
        `{"msku":"C-1","quantity":1,"from":${fx.bays.A},"to":${fx.bays.B}}\n`.repeat(0) + line + '\n',
      );
      expect([r.code, r.sent], line.slice(0, 80)).toEqual([2, 0]);
      expect(r.stderr, line.slice(0, 80)).toMatch(message);
      expect(r.stderr).not.toMatch(/RangeError|unexpected|at .*\.js:\d+/);
    }
  });

  it('ids must be positive whole numbers up to 2^53−1, kept as the digits given', async () => {
    for (const id of ['9007199254740993', '0', '007']) {
      const r = await move('ids.csv', `msku,quantity,from,to\nC-1,1,${fx.bays.A},${id}\n`);
      expect([r.code, r.sent], id).toEqual([2, 0]);
      expect(r.stderr).toMatch(
        new RegExp(`line 2: to: "${id}" must be a positive whole number up to 9007199254740991`),
      );
    }
    const big = await move(
      'big.ndjson',
      `{"msku":"C-1","quantity":1,"fromPurchaseId":9007199254740993,"to":${fx.bays.B}}\n`,
    );
    expect([big.code, big.sent]).toEqual([2, 0]);
    expect(big.stderr).toMatch(/fromPurchaseId: "9007199254740993" must be/);
  });

  it("mskus by the spec's rules, and never a path step", async () => {
    for (const msku of ['.', '..', 'x'.repeat(81)]) {
      const r = await move('msku.csv', `msku,quantity,from,to\n${msku},1,${fx.bays.A},${fx.bays.B}\n`);
      expect([r.code, r.sent], msku).toEqual([2, 0]);
      expect(r.stderr).toMatch(/line 2: msku: /);
    }
  });

  it('bytes that are not UTF-8: refused naming the line; --encoding windows-1252 reads them', async () => {
    const text = `msku,quantity,from,to\n${ok()}\nCAFÉ-CRÈME,2,${fx.bays.A},${fx.bays.B}\n`;
    const bytes = Buffer.from(text, 'latin1'); // É and È as single bytes, as Excel saves them
    const r = await move('excel.csv', bytes);
    expect([r.code, r.sent]).toEqual([2, 0]);
    expect(r.stderr).toMatch(/line 3: bytes that are not UTF-8/);
    expect(r.stderr).toMatch(/--encoding windows-1252/);
    const before = fx.sandbox.account.stockOf('CAFÉ-CRÈME', fx.bays.B)?.quantity ?? 0;
    const converted = await move('excel.csv', bytes, ['--encoding', 'windows-1252']);
    expect(converted.code, converted.stderr).toBe(0);
    expect(converted.sent).toBe(2);
    expect(fx.sandbox.account.stockOf('CAFÉ-CRÈME', fx.bays.B)!.quantity).toBe(before + 2);
  });

  it('a CSV syntax error in the middle of the file: exit 2 naming the line, nothing sent', async () => {
    const rows = Array.from({ length: 300 }, () => ok());
    rows.splice(150, 0, `C-1,1,"${fx.bays.A},${fx.bays.B}`);
    const r = await move('quote.csv', `msku,quantity,from,to\n${rows.join('\n')}\n`);
    expect([r.code, r.sent]).toEqual([2, 0]);
    expect(r.stderr).toMatch(/quote\.csv: line \d+: /);
  });

  it('many bad rows: every problem counted, the first twenty listed', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `C-1,${i % 2 ? 0 : 1},${fx.bays.A},${fx.bays.B}`);
    const r = await move('many.csv', `msku,quantity,from,to\n${rows.join('\n')}\n`);
    expect([r.code, r.sent]).toEqual([2, 0]);
    expect(r.stderr).toMatch(/15 row\(s\) are not valid; nothing was sent/);
    expect(r.stderr).toMatch(/line 3: quantity: must be a whole number from 1 to 999999999/);
  });
});

describe('a batch without a server address', () => {
  it.each([
    ['move', '--file'],
    ['items', 'import'],
  ])('inv %s %s: exit 2 with the hint every other command gives', async (...verb) => {
    const file = join(fx.dir, 'nowhere.csv');
    writeFileSync(file, `msku,quantity,from,to\nC-1,1,${fx.bays.A},${fx.bays.B}\n`);
    const { INV_BASE_URL: _, ...env } = fx.authed;
    const r = await runInv([...verb, file], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no Inventory API address for profile "default"/);
    expect(r.stderr).toMatch(
      /hint: pass --base-url, set INV_BASE_URL, run `inv config set baseUrl URL`, or start `inv sandbox`/,
    );
  });
});

describe('item imports refuse malformed attributes before anything is sent', () => {
  it('attr.NAME columns beside an attributes cell that is not a list: exit 2 naming attributes', async () => {
    const file = join(fx.dir, 'attrs.csv');
    writeFileSync(file, 'msku,title,cond,attr.color,attributes\nNI-6,t,new,red,"{""color"":""blue""}"\n');
    const before = fx.sandbox.inventory.stats.count('/v1/items', 'POST');
    const r = await runInv(['items', 'import', file], { env: fx.authed });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/line 2: attributes: /);
    expect(r.stderr).not.toMatch(/unexpected/);
    expect(fx.sandbox.inventory.stats.count('/v1/items', 'POST') - before).toBe(0);
    expect(fx.sandbox.account.state.items['NI-6']).toBeUndefined();
  });
});
