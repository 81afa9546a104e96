/** Edges of the house's one-place rules that a mutation pass found untested: money, names, writes, Code 128, options. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { itemPatchSchema, itemSchema } from '../../src/api/rules.js';
import { candidates } from '../../src/cli/completion/reader.js';
import { commandTree } from '../../src/cli/completion/tree.js';
import { namesFile, rememberNames } from '../../src/cli/completion/names.js';
import { addOptions } from '../../src/cli/option-kinds.js';
import { amountOf, numberOption } from '../../src/cli/option-numbers.js';
import { code128 } from '../../src/labels/code128.js';
import { readCsv } from '../../src/csv/csv-input.js';
import { writeFileSync } from 'node:fs';
import { BUY_LIST_COLUMNS, buyRows } from '../../src/scout/buy-list.js';
import type { ScoutResult } from '../../src/scout/scan-engine.js';
import { writeWhole, writeWholeSync } from '../../src/util/atomic-write.js';
import { byCodeUnits } from '../../src/util/compare.js';
import { parsePriceList, readMoney } from '../../src/util/money.js';
import { everyCommand } from '../helpers/command-tree.js';
import { tempDir } from '../helpers/temp.js';

describe('money', () => {
  it('takes thousands groups of one to three digits before the first comma, no more', () => {
    expect(readMoney('1,234.50', 2)).toEqual({ value: 1234.5 });
    expect('why' in readMoney('1234,567', 2)).toBe(true);
  });
  it('a price list with a stray comma is refused whole, its hint showing the prices spaced', () => {
    expect(() => parsePriceList('9.99 14.99,19.99')).toThrow(
      expect.objectContaining({ hint: expect.stringMatching(/"9\.99 14\.99 19\.99"/) }),
    );
  });
  it('an amount may be its maximum', () => {
    expect(amountOf('100', '--tax-rate', 100)).toBe(100);
    expect(() => amountOf('100.01', '--tax-rate', 100)).toThrow(/from 0 to 100/);
  });
});

describe('names and order', () => {
  it('byCodeUnits says two equal strings are equal', () => {
    expect(byCodeUnits('a', 'a')).toBe(0);
    expect(['b', 'a', 'b'].sort(byCodeUnits)).toEqual(['a', 'b', 'b']);
  });

  it('the completion cache keeps the newest names first, at most 2,000, and none holding a control character', () => {
    const env = { INV_STATE_DIR: tempDir('names') };
    rememberNames(env, 'locations', ['Old']);
    rememberNames(env, 'locations', ['New', 'Bad\x1b[2J']);
    expect(readFileSync(namesFile(env, 'locations'), 'utf8')).toBe('New\nOld\n');
    rememberNames(
      env,
      'mskus',
      Array.from({ length: 2001 }, (_, i) => `M-${i}`),
    );
    expect(readFileSync(namesFile(env, 'mskus'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2000);
  });
});

describe('the option vocabulary', () => {
  it('refuses an option declared under another key than its own name', () => {
    expect(() => addOptions(new Command('x'), { wrong: new Option('--right <x>') })).toThrow(
      /--right: declared as wrong/,
    );
  });
  it('says "at least N" of a number with no upper limit', () => {
    expect(numberOption('--offset <n>', 'skip n', { min: 0, max: Number.MAX_SAFE_INTEGER }).description).toMatch(
      /at least 0/,
    );
  });
  it('a variadic argument completes every word after the first too', async () => {
    const tree = commandTree((await everyCommand()).root);
    expect(candidates(tree, ['locations', 'labels', 'Shelf A1', 'Shelf A2'], '')).toEqual({ names: 'locations' });
  });
  it('completion offers no hidden option', async () => {
    const tree = commandTree((await everyCommand()).root);
    expect(candidates(tree, ['completion', 'powershell'], '--c')).toEqual({ words: [] });
  });
});

describe('the one atomic write', () => {
  it('two writes of one file at once both land, one of them whole', async () => {
    const file = join(tempDir('atomic'), 'f.json');
    await Promise.all([writeWhole(file, 'a'.repeat(100_000)), writeWhole(file, 'b'.repeat(100_000))]);
    expect(readFileSync(file, 'utf8')).toMatch(/^(a{100000}|b{100000})$/);
  });
  it('a sync write that fails leaves no temporary file', () => {
    const dir = tempDir('atomic');
    expect(() => writeWholeSync(dir, 'x')).toThrow();
    expect(readdirSync(join(dir, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('Code 128 and the item rules', () => {
  it('refuses DEL, which code set B cannot draw', () => {
    expect(() => code128('A\x7f')).toThrow();
    expect(code128('A~').modules).toBeGreaterThan(0);
  });
  it('refuses a product id whose type is null', () => {
    expect(
      itemSchema.safeParse({ msku: 'M', title: 't', cond: 'new', inactive: 'n', productId: 'X', productIdType: null })
        .success,
    ).toBe(false);
    expect(itemPatchSchema.safeParse({ productId: null }).success).toBe(true);
  });
});

describe('the buy list', () => {
  it('cuts a title to 255 characters after escaping a formula', () => {
    const r = { asin: 'B000000001', title: '=' + 'x'.repeat(299), verdict: 'buy', cost: 1 } as unknown as ScoutResult;
    const [row] = buyRows([{ ...r, qty: 1 }], { template: '{asin}', cond: 'new' });
    const title = row![BUY_LIST_COLUMNS.indexOf('title')]!;
    expect(title).toHaveLength(255);
    expect(title.startsWith("'=")).toBe(true);
  });
});

describe('UTF-8 at the end of a file', () => {
  it('a file cut inside a character is refused, not read with a replacement character', async () => {
    const file = join(tempDir('utf8'), 'cut.csv');
    writeFileSync(file, Buffer.concat([Buffer.from('a,b\n1,caf'), Buffer.from([0xc3])]));
    const rows = async () => {
      for await (const row of readCsv(file, 'cut.csv')) void row;
    };
    await expect(rows()).rejects.toThrow(/not UTF-8/);
  });
});
