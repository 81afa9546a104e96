/**
 * inv move --scan on a terminal as a session: each leg sent as it closes, a putaway from a purchase (--from-purchase),
 * and a session killed mid-leg resumed from its journal with nothing sent twice.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startInTerminal, step } from '../helpers/terminal.js';
import { waitFor } from '../helpers/wait.js';

let fx: InventoryFixture;
// A fresh demo account each: Shelf A1 (1) holds MUG 120, BOOK 45, LAMP 12; Shelf A2 (2) MUG 30, CABLE 200, PUZZLE 60.
// Purchase 5001 has a purchaseItem (500 ordered, none received) for every demo msku.
beforeEach(async () => {
  await fx?.close();
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const received = (msku: string) =>
  Number(
    (fx.sandbox.account.state.purchases as Record<string, { items: Record<string, { qtyReceived: number }> }>)['5001']!
      .items[msku]!.qtyReceived,
  );
const plain = (screen: string) => screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('inv move --scan --from-purchase on a terminal (a putaway)', () => {
  it('puts three mskus of a purchase away into two bins, each leg sent as it closes', async () => {
    const s = startInTerminal(['move', '--scan', '--from-purchase', '5001'], fx.authed);
    await s.waitFor(/receive 5001> /);
    await step(s, 'MUG-BLUE-11OZ', /MUG-BLUE-11OZ · taking 1 · from purchase 5001/);
    await step(s, '10', /MUG-BLUE-11OZ · taking 10/);
    await step(s, 'LAMP-DESK-LED', /LAMP-DESK-LED · taking 1/);
    await s.waitFor(/purchase 5001 → \?: MUG-BLUE-11OZ 10 · LAMP-DESK-LED 1/);
    await step(s, 'LOC-1', /sent: leg 1/);
    // The leg is on the server before the session ends.
    expect(fx.held('1')).toMatchObject({ 'MUG-BLUE-11OZ': 130, 'LAMP-DESK-LED': 13 });
    await step(s, 'PUZZLE-1000', /PUZZLE-1000 · taking 1/);
    await step(s, '6', /PUZZLE-1000 · taking 6/);
    await step(s, 'LAMP-DESK-LED', /LAMP-DESK-LED · taking 1/);
    await step(s, 'LOC-2', /sent: leg 2/);
    s.type('\r');
    expect(await s.exited).toBe(0);
    expect(plain(s.screen())).toContain('purchase 5001 → LOC-2: 6 × PUZZLE-1000, 1 × LAMP-DESK-LED');
    expect(fx.held('1')).toEqual({ 'MUG-BLUE-11OZ': 130, 'BOOK-COOK-001': 45, 'LAMP-DESK-LED': 13 });
    expect(fx.held('2')).toEqual({ 'MUG-BLUE-11OZ': 30, 'CABLE-USBC-2M': 200, 'PUZZLE-1000': 66, 'LAMP-DESK-LED': 1 });
    expect([received('MUG-BLUE-11OZ'), received('LAMP-DESK-LED'), received('PUZZLE-1000')]).toEqual([10, 2, 6]);
  });
});

describe('inv move --scan killed and resumed', () => {
  it('resumes the open session after a kill: the sent leg not again, the open leg as scanned', async () => {
    const s = startInTerminal(['move', '--scan'], fx.authed);
    await s.waitFor(/move> /);
    await step(s, 'LOC-1', /from LOC-1: scan the units/);
    await step(s, 'MUG-BLUE-11OZ', /taking 1/);
    await step(s, '3', /taking 3/);
    await step(s, 'LOC-2', /sent: leg 1/);
    await step(s, 'LOC-2', /from LOC-2: scan the units/);
    await step(s, 'PUZZLE-1000', /taking 1/);
    await step(s, '4', /taking 4 · LOC-2 will hold 56/);
    s.kill('SIGKILL');
    await s.exited;
    expect(fx.held('1')['MUG-BLUE-11OZ']).toBe(117);
    expect(fx.held('2')['PUZZLE-1000']).toBe(60);

    const again = startInTerminal(['move', '--scan'], fx.authed);
    await again.waitFor(/move> /);
    expect(plain(again.screen())).toMatch(
      /resuming the session .*: 1 leg\(s\) sent; open: from LOC-2, 4 × PUZZLE-1000/,
    );
    await step(again, 'LOC-1', /sent: leg 2/);
    again.type('\r');
    expect(await again.exited).toBe(0);
    expect(fx.held('1')).toEqual({ 'MUG-BLUE-11OZ': 117, 'BOOK-COOK-001': 45, 'LAMP-DESK-LED': 12, 'PUZZLE-1000': 4 });
    expect(fx.held('2')).toEqual({ 'MUG-BLUE-11OZ': 33, 'CABLE-USBC-2M': 200, 'PUZZLE-1000': 56 });

    // The session ended: the next one starts afresh.
    const third = startInTerminal(['move', '--scan'], fx.authed);
    await third.waitFor(/move> /);
    expect(plain(third.screen())).not.toContain('resuming');
    third.type('\r');
    expect(await third.exited).toBe(0);
    const replay = await runInv(['move', '--scan'], { env: fx.authed, stdin: '\n' });
    expect(replay.code, replay.stderr).toBe(0);
  });
});

describe('inv move --scan killed while a leg is sent', () => {
  it('resumes with the move in doubt: applied once by the server, not sent again, said so, exit 6', async () => {
    const s = startInTerminal(['move', '--scan'], fx.authed);
    await s.waitFor(/move> /);
    await step(s, 'LOC-1', /from LOC-1/);
    await step(s, 'LAMP-DESK-LED', /taking 1/);
    // The move reaches the server and is held there while the session is killed; then the server applies it.
    const hold = fx.sandbox.inventory.faults.hold('/v1/doMoveItem');
    s.type('LOC-2\r');
    await waitFor(() => hold.held > 0, { what: "the leg's move held at the server" });
    s.kill('SIGKILL');
    await s.exited;
    hold.release();
    await waitFor(() => fx.held('2')['LAMP-DESK-LED'] === 1, { what: 'the held move applied' });

    const again = startInTerminal(['move', '--scan'], fx.authed);
    await again.waitFor(/move> /);
    expect(plain(again.screen())).toMatch(/! not all sent: leg 1 \(0 done, 0 failed, 1 in doubt/);
    expect(plain(again.screen())).toContain('resuming the session');
    again.type('\r');
    expect(await again.exited).toBe(6);
    expect(plain(again.screen())).toContain('leg(s) 1 not all done');
    expect(fx.held('1')['LAMP-DESK-LED']).toBe(11);
    expect(fx.held('2')['LAMP-DESK-LED']).toBe(1);
  });
});

describe('inv move --scan stopped by Ctrl-C', () => {
  it('exits 130 keeping the session, which the next run resumes', async () => {
    const s = startInTerminal(['move', '--scan'], fx.authed);
    await s.waitFor(/move> /);
    await step(s, 'LOC-1', /from LOC-1/);
    await step(s, 'BOOK-COOK-001', /taking 1/);
    s.type('\x03');
    expect(await s.exited).toBe(130);
    expect(plain(s.screen())).toContain('`inv move --scan` resumes the session');
    const again = startInTerminal(['move', '--scan'], fx.authed);
    await again.waitFor(/move> /);
    expect(plain(again.screen())).toContain('0 leg(s) sent; open: from LOC-1, 1 × BOOK-COOK-001');
    await step(again, 'LOC-2', /sent: leg 1/);
    again.type('\r');
    expect(await again.exited).toBe(0);
    expect(fx.held('2')['BOOK-COOK-001']).toBe(1);
  });
});

describe('inv move --scan when a leg is sent without an answer', () => {
  it('says the leg is in doubt (applied once, never sent again), and ends with exit 6', async () => {
    fx.sandbox.inventory.faults.add({ status: 'drop', times: 1, path: '/v1/doMoveItem', method: 'POST' });
    const s = startInTerminal(['move', '--scan'], fx.authed);
    await s.waitFor(/move> /);
    await step(s, 'LOC-1', /from LOC-1/);
    await step(s, 'LAMP-DESK-LED', /taking 1/);
    await step(s, 'LOC-2', /! not all sent: leg 1 \(0 done, 0 failed, 1 in doubt/);
    await step(s, 'LOC-1', /from LOC-1/);
    await step(s, 'BOOK-COOK-001', /taking 1/);
    await step(s, 'LOC-2', /sent: leg 2/);
    s.type('\r');
    expect(await s.exited).toBe(6);
    expect(plain(s.screen())).toContain('leg(s) 1 not all done');
    // The dropped move was applied once by the server, and not sent again.
    expect(fx.held('1')).toMatchObject({ 'LAMP-DESK-LED': 11, 'BOOK-COOK-001': 44 });
    expect(fx.held('2')).toMatchObject({ 'LAMP-DESK-LED': 1, 'BOOK-COOK-001': 1 });
  });
});

describe('inv move --scan sessions one after another', () => {
  it('moves the same leg again in a new session: each session is new work, not a rerun of the last', async () => {
    for (const expected of [1, 2]) {
      const s = startInTerminal(['move', '--scan', '--from-purchase', '5001'], fx.authed);
      await s.waitFor(/receive 5001> /);
      await step(s, 'LAMP-DESK-LED', /taking 1/);
      await step(s, 'LOC-2', /sent: leg 1/);
      s.type('\r');
      expect(await s.exited).toBe(0);
      expect(received('LAMP-DESK-LED')).toBe(expected);
    }
    expect(fx.held('2')['LAMP-DESK-LED']).toBe(2);
  });
});

describe('two scan sessions of one profile at once', () => {
  it('refuses the second, naming the process that holds the first', async () => {
    const first = startInTerminal(['move', '--scan'], fx.authed);
    await first.waitFor(/move> /);
    const second = await runInv(['move', '--scan'], { env: fx.authed, stdin: '\n' });
    // From stdin the log is its own batch: a log does not touch the terminal's session.
    expect(second.code, second.stderr).toBe(0);
    const third = startInTerminal(['move', '--scan'], fx.authed);
    expect(await third.exited).toBe(1);
    expect(plain(third.screen())).toMatch(/a scan session of this profile is open in process \d+/);
    first.type('\r');
    expect(await first.exited).toBe(0);
  });
});
