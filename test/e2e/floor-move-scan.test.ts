/** inv move --scan: legs of scans (source bin, units, destination bin) read from stdin or a pty, sent as a move batch. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startInTerminal, step } from '../helpers/terminal.js';

let fx: InventoryFixture;
// A fresh demo account each: Shelf A1 (1) holds MUG 120, BOOK 45, LAMP 12; Shelf A2 (2) MUG 30, CABLE 200, PUZZLE 60.
beforeEach(async () => {
  await fx?.close();
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
const stock = () => JSON.stringify(fx.sandbox.account.state.itemLocations);

describe('inv move --scan from stdin', () => {
  const session = [
    'LOC-1',
    'MUG-BLUE-11OZ',
    '3',
    'B07FZ8S74R',
    'LOC-2',
    'LOC-2',
    'PUZZLE-1000',
    'PUZZLE-1000',
    'LOC-1',
    '',
  ];

  it('turns each leg into its moves (one per msku and quantity), sent once; the same scans again move nothing', async () => {
    const r = await inv(['move', '--scan', '--json'], session.join('\n') + '\n');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran', rows: 3, done: 3 });
    expect(r.stderr).toContain('✓ leg LOC-1 → LOC-2: 3 × MUG-BLUE-11OZ, 1 × BOOK-COOK-001');
    expect(fx.held('1')).toEqual({ 'MUG-BLUE-11OZ': 117, 'BOOK-COOK-001': 44, 'LAMP-DESK-LED': 12, 'PUZZLE-1000': 2 });
    expect(fx.held('2')).toMatchObject({ 'MUG-BLUE-11OZ': 33, 'BOOK-COOK-001': 1, 'PUZZLE-1000': 58 });
    const after = stock();
    const again = await inv(['move', '--scan'], session.join('\n') + '\n');
    expect(again.code, again.stderr).toBe(0);
    expect(stock()).toBe(after);
    // The same leg truly done once more is --again.
    const third = await inv(['move', '--scan', '--again'], session.join('\n') + '\n');
    expect(third.code, third.stderr).toBe(0);
    expect(fx.held('1')['MUG-BLUE-11OZ']).toBe(114);
  });

  it("takes a unit by its FNSKU, the label's code, once its bin is the source", async () => {
    const r = await inv(['move', '--scan', '--json'], 'LOC-1\nX000BB05CA\nLOC-2\n\n');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran', rows: 1, done: 1 });
    expect(fx.held('1')['MUG-BLUE-11OZ']).toBe(119);
  });

  it('refuses an over-scan (more than the source bin holds), naming the line; nothing moved', async () => {
    const before = stock();
    const r = await inv(['move', '--scan'], 'LOC-1\nLAMP-DESK-LED\n13\nLOC-2\n\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 3: LOC-1 holds 12 of LAMP-DESK-LED: not 13 more');
    expect(stock()).toBe(before);
  });

  it('refuses a session that ends with a leg open; nothing moved', async () => {
    const before = stock();
    const r = await inv(['move', '--scan'], 'LOC-1\nLAMP-DESK-LED\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the leg from LOC-1 is open');
    expect(stock()).toBe(before);
  });
});

describe('inv move --scan on a terminal', () => {
  it('rings at an over-scan, undoes a scan, and moves the leg once the session ends', async () => {
    const s = startInTerminal(['move', '--scan'], fx.authed);
    await s.waitFor(/move> /);
    await step(s, 'LOC-1', /from LOC-1: scan the units/);
    await step(s, 'LAMP-DESK-LED', /taking 1 · LOC-1 will hold 11/);
    await step(s, '13', /LOC-1 holds 12 of LAMP-DESK-LED: not 13 more: refused/);
    expect(s.screen()).toContain('\x07');
    await step(s, '5', /taking 5 · LOC-1 will hold 7/);
    await step(s, 'MUG-BLUE-11OZ', /MUG-BLUE-11OZ · taking 1/);
    // The running screen: every msku of the open leg, what the source held and will hold.
    await s.waitFor(/LOC-1 → \?: LAMP-DESK-LED 5 \(12 → 7\) · MUG-BLUE-11OZ 1 \(120 → 119\)/);
    await step(s, 'undo', /took back 1 × MUG-BLUE-11OZ/);
    await step(s, 'LOC-2', /leg LOC-1 → LOC-2: 5 × LAMP-DESK-LED/);
    s.type('\r');
    expect(await s.exited).toBe(0);
    expect(fx.held('1')['LAMP-DESK-LED']).toBe(7);
    expect(fx.held('2')['LAMP-DESK-LED']).toBe(5);
    expect(fx.held('1')['MUG-BLUE-11OZ']).toBe(120);
  });
});

describe('inv move --scan with a scanner that ends each code with Tab', () => {
  it('reads Tab as the end of a scan on a terminal; Enter on an empty line ends the session', async () => {
    const s = startInTerminal(['move', '--scan'], fx.authed);
    await s.waitFor(/move> /);
    s.type('LOC-1\t');
    await s.waitFor(/from LOC-1: scan the units/);
    s.type('LAMP-DESK-LED\t');
    await s.waitFor(/taking 1 · LOC-1 will hold 11/);
    s.type('4\t');
    await s.waitFor(/taking 4 · LOC-1 will hold 8/);
    s.type('LOC-2\t');
    await s.waitFor(/sent: leg 1/);
    s.type('\r');
    expect(await s.exited).toBe(0);
    expect(fx.held('1')['LAMP-DESK-LED']).toBe(8);
    expect(fx.held('2')['LAMP-DESK-LED']).toBe(4);
  });

  it('reads Tab as the end of a scan in a scanner log on stdin', async () => {
    const r = await inv(['move', '--scan', '--json'], 'LOC-1\tLAMP-DESK-LED\t2\tLOC-2\t\n');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 1, done: 1 });
    expect(fx.held('2')['LAMP-DESK-LED']).toBe(2);
  });
});
