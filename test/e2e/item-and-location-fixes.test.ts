/** Smaller fixes on items and locations: attribute merging, replace from a natural file, names for locations, prompts that ask again. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInTerminal } from '../helpers/terminal.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[]) => runInv(args, { env: fx.authed });
const item = (msku: string) => fx.sandbox.account.state.items[msku]!;

describe('items update --attr', () => {
  it('merges: adds or changes one attribute and keeps the others; name= removes one; --replace-attrs replaces all', async () => {
    expect((await inv(['items', 'update', 'LAMP-DESK-LED', '--attr', 'size=L'])).code).toBe(0);
    expect(item('LAMP-DESK-LED').attributes).toEqual([
      { name: 'color', value: 'black' },
      { name: 'size', value: 'L' },
    ]);
    expect((await inv(['items', 'update', 'LAMP-DESK-LED', '--attr', 'color=', '--attr', 'size=XL'])).code).toBe(0);
    expect(item('LAMP-DESK-LED').attributes).toEqual([{ name: 'size', value: 'XL' }]);
    expect((await inv(['items', 'update', 'LAMP-DESK-LED', '--attr', 'watts=9', '--replace-attrs'])).code).toBe(0);
    expect(item('LAMP-DESK-LED').attributes).toEqual([{ name: 'watts', value: '9' }]);
  });
});

describe('items replace', () => {
  it('takes a natural file without inactive (active) and refuses a file holding another msku', async () => {
    const file = join(fx.dir, 'puzzle.json');
    writeFileSync(file, JSON.stringify({ msku: 'PUZZLE-1000', title: 'Jigsaw puzzle, 500 pieces', cond: 'new' }));
    const ok = await inv(['items', 'replace', 'PUZZLE-1000', '--file', file]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(item('PUZZLE-1000')).toMatchObject({ title: 'Jigsaw puzzle, 500 pieces', inactive: 'n' });
    const before = fx.snapshot();
    const other = await inv(['items', 'replace', 'MUG-BLUE-11OZ', '--file', file]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/holds msku "PUZZLE-1000", not "MUG-BLUE-11OZ"/);
    expect(fx.snapshot()).toBe(before);
  });
});

describe('locations', () => {
  it('gets a location by name', async () => {
    const r = await inv(['locations', 'get', 'Shelf A1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: '1', display: 'Shelf A1' });
    expect((await inv(['locations', 'get', 'Nowhere'])).code).toBe(3);
  });

  it("warns when a new location's name is taken", async () => {
    const r = await inv(['locations', 'create', '--display', 'Shelf A2', '--type', 'shelf', '--order', '5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: a location named "Shelf A2" already exists \(id 2\)/);
    const fresh = await inv(['locations', 'create', '--display', 'Shelf Z9', '--type', 'shelf', '--order', '5']);
    expect(fresh.stderr).not.toMatch(/warning/);
  });

  it('asks again on a bad answer instead of failing after the last question', async () => {
    const { code, screen } = await runInTerminal(['locations', 'create', '-o', 'table'], fx.authed, [
      { when: /Display name:/, send: '\r' },
      { when: /display must not be empty/, send: 'Bin 7\r' },
      { when: /Type:/, send: '\r' },
      { when: /Sort order/, send: '99999\r' },
      { when: /order must be from 0 to 32767/, send: '\x1570\r' },
    ]);
    expect(code, screen).toBe(0);
    expect(Object.values(fx.sandbox.account.state.locations).find((l) => l.display === 'Bin 7')).toMatchObject({
      order: 70,
      type: 'shelf',
    });
  });

  it("items create offers the account's DEFAULT_CONDITION as the condition", async () => {
    fx.sandbox.account.setSetting('DEFAULT_CONDITION', 'likeNew');
    const { code, screen } = await runInTerminal(['items', 'create', '-o', 'table'], fx.authed, [
      { when: /msku:/, send: `${'X'.repeat(81)}\r` },
      { when: /msku must be at most 80 characters/, send: '\x15TEA-1\r' },
      { when: /Title:/, send: 'Tea\r' },
      { when: /Condition.*likeNew/, send: '\r' },
    ]);
    expect(code, screen).toBe(0);
    expect(item('TEA-1')).toMatchObject({ title: 'Tea', cond: 'likeNew' });
  });
});
