/**
 * inv count: a bin counted from a file and by scans (stdin, and a scanner on a real pty), the differences set once as a
 * batch, and a count refused when the bin changed on the server meanwhile.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startInTerminal, step } from '../helpers/terminal.js';

let fx: InventoryFixture;
// Each test counts a fresh demo account: Shelf A1 (1) holds MUG 120, BOOK 45, LAMP 12; Shelf A2 (2) MUG 30, CABLE 200, PUZZLE 60.
beforeEach(async () => {
  await fx?.close();
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
/** Every stock record of the account, to compare before and after (a count reads plans for FNSKUs: not stock). */
const stock = () => JSON.stringify(fx.sandbox.account.state.itemLocations);
const plain = (screen: string) => screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('inv count --file', () => {
  it('sets the one difference of a code,quantity file (msku and ASIN codes), and a rerun finds nothing to set', async () => {
    const file = join(fx.dir, 'counts.csv');
    writeFileSync(file, 'code,quantity\nMUG-BLUE-11OZ,118\nB07FZ8S74R,45\nlamp-desk-led,12\n');
    const r = await inv(['count', 'Shelf A1', '--file', file, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('MUG-BLUE-11OZ  120 → 118  (-2)');
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran', done: 1 });
    expect(fx.held('1')).toEqual({ 'MUG-BLUE-11OZ': 118, 'BOOK-COOK-001': 45, 'LAMP-DESK-LED': 12 });
    const again = await inv(['count', 'LOC-1', '--file', file, '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('matches the server: nothing to set');
    expect(fx.held('1')['MUG-BLUE-11OZ']).toBe(118);
  });

  it('refuses an unknown code and a bin code, naming the row, and sets nothing', async () => {
    const file = join(fx.dir, 'bad.csv');
    writeFileSync(file, 'code,quantity\nMUG-BLUE-11OZ,1\nNO-SUCH,3\n');
    const before = stock();
    const r = await inv(['count', '1', '--file', file, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 3: code "NO-SUCH" is no item\'s msku, FNSKU or UPC/EAN');
    writeFileSync(file, 'code,quantity\nLOC-2,1\n');
    expect((await inv(['count', '1', '--file', file, '--yes'])).stderr).toContain('"LOC-2" is a bin code');
    expect(stock()).toBe(before);
  });

  it('fails the row of an item found where the bin has no record of it (to be received), sets the others', async () => {
    const file = join(fx.dir, 'found.csv');
    writeFileSync(file, 'code,quantity\nMUG-BLUE-11OZ,121\nBOOK-COOK-001,45\nLAMP-DESK-LED,12\nCABLE-USBC-2M,3\n');
    const r = await inv(['count', '1', '--file', file, '--yes']);
    expect(r.code).toBe(6);
    expect(r.stdout).toContain('no stock record of CABLE-USBC-2M in location 1');
    expect(fx.held('1')).toEqual({ 'MUG-BLUE-11OZ': 121, 'BOOK-COOK-001': 45, 'LAMP-DESK-LED': 12 });
  });

  it('asks before setting: without a terminal and without --yes it stops (exit 7), nothing set', async () => {
    const file = join(fx.dir, 'c.csv');
    writeFileSync(file, 'code,quantity\nMUG-BLUE-11OZ,1\n');
    const before = stock();
    const r = await inv(['count', '1', '--file', file]);
    expect(r.code).toBe(7);
    expect(stock()).toBe(before);
  });
});

describe('inv count --scan from stdin', () => {
  it('counts a unit a scan, a quantity after a scan, undo; sets the two differences; held but unscanned is 0', async () => {
    const scans = ['LOC-2', 'MUG-BLUE-11OZ', '29', 'CABLE-USBC-2M', '200', 'PUZZLE-1000', 'PUZZLE-1000', 'undo', ''];
    const r = await inv(['count', 'Shelf A2', '--scan', '--yes', '--json'], scans.join('\n') + '\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('MUG-BLUE-11OZ  30 → 29  (-1)');
    expect(r.stderr).toContain('PUZZLE-1000  60 → 1  (-59)');
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran', done: 2 });
    expect(fx.held('2')).toEqual({ 'MUG-BLUE-11OZ': 29, 'CABLE-USBC-2M': 200, 'PUZZLE-1000': 1 });
  });

  it('refuses the count at a code no item has (no one to scan again), nothing set', async () => {
    const before = stock();
    const r = await inv(['count', '2', '--scan', '--yes'], 'MUG-BLUE-11OZ\nWHAT-IS-THIS\n\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2: "WHAT-IS-THIS" is no item\'s msku, FNSKU or UPC/EAN');
    expect(stock()).toBe(before);
  });
});

describe('inv count --scan on a terminal', () => {
  it('counts with a ring at an unknown code, shows two differences, and sets them once confirmed', async () => {
    const s = startInTerminal(['count', 'Shelf A2', '--scan'], fx.authed);
    await s.waitFor(/count Shelf A2> /);
    await step(s, 'MUG-BLUE-11OZ', /MUG-BLUE-11OZ · counted 1 \(server 30\)/);
    await step(s, '28', /MUG-BLUE-11OZ × 28 · counted 28/);
    await step(s, 'NOPE', /"NOPE" is no item's msku, FNSKU or UPC\/EAN: refused/);
    expect(s.screen()).toContain('\x07');
    await step(s, 'CABLE-USBC-2M', /CABLE-USBC-2M · counted 1/);
    await step(s, '200', /counted 200/);
    await step(s, 'PUZZLE-1000', /PUZZLE-1000 · counted 1/);
    await step(s, '61', /counted 61/);
    await step(s, '', /Set 2 position\(s\) of Shelf A2/);
    s.type('y\r');
    expect(await s.exited).toBe(0);
    expect(plain(s.screen())).toMatch(/MUG-BLUE-11OZ {2}30 → 28 {2}\(-2\)/);
    expect(fx.held('2')).toEqual({ 'MUG-BLUE-11OZ': 28, 'CABLE-USBC-2M': 200, 'PUZZLE-1000': 61 });
  });

  it('refuses a count when the bin changed on the server during it: nothing set', async () => {
    const s = startInTerminal(['count', 'Shelf A1', '--scan', '--yes'], fx.authed);
    await s.waitFor(/count Shelf A1> /);
    await step(s, 'MUG-BLUE-11OZ', /counted 1 \(server 120\)/);
    await step(s, '119', /counted 119/);
    // Someone moves two lamps out of the bin while it is being counted.
    const moved = await inv(['move', 'LAMP-DESK-LED', '2', '--from', 'Shelf A1', '--to', 'Shelf A2']);
    expect(moved.code, moved.stderr).toBe(0);
    await step(s, 'BOOK-COOK-001', /BOOK-COOK-001 · counted 1/);
    await step(s, '45', /counted 45/);
    await step(s, 'LAMP-DESK-LED', /LAMP-DESK-LED · counted 1/);
    await step(s, '10', /counted 10/);
    s.type('\r');
    expect(await s.exited).toBe(1);
    expect(plain(s.screen())).toContain(
      'Shelf A1 changed on the server during the count (LAMP-DESK-LED 12 → 10): nothing was set',
    );
    expect(fx.held('1')).toEqual({ 'MUG-BLUE-11OZ': 120, 'BOOK-COOK-001': 45, 'LAMP-DESK-LED': 10 });
  });
});
