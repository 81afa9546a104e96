/**
 * inv pack in scan mode on a real pty: two boxes packed, Ctrl-C, the session resumed from its journal, an over-scan
 * refused, labels decoded.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startInTerminal, step, type TerminalSession } from '../helpers/terminal.js';
import { decodePdf, THERMAL_DPI } from '../helpers/zxing.js';
import { tempDir } from '../helpers/temp.js';

let fx: InventoryFixture;
let shipment: string;
const BOOK = 'BOOK-COOK-001';
const MUG = 'MUG-BLUE-11OZ';
const fnskus: Record<string, string> = {};

beforeAll(async () => {
  fx = await inventoryFixture();
  for (const [msku, qty] of [
    [BOOK, '6'],
    [MUG, '12'],
  ] as const) {
    const r = await runInv(['send-to-fba', msku, qty, '--from', 'Shelf A1', '--json'], { env: fx.authed });
    expect(r.code, r.stderr).toBe(0);
    for (const s of Object.values(JSON.parse(r.stdout) as Record<string, { fnsku: string }>)) fnskus[msku] = s.fnsku;
  }
  const list = JSON.parse((await runInv(['shipments', 'list', '--json'], { env: fx.authed })).stdout) as Array<{
    shipmentId: string;
    center: string;
    status: string;
  }>;
  shipment = list.find((s) => s.center === 'PHX7' && s.status === 'open')!.shipmentId;
});
afterAll(() => fx.close());

const plain = (screen: string) => screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('inv pack scan mode on a terminal', () => {
  it('packs two boxes, keeps the session over Ctrl-C, resumes it, refuses an over-scan, and writes labels of what was scanned', async () => {
    const labels = join(fx.dir, 'scanned.pdf');
    const args = [
      'pack',
      shipment,
      '--labels',
      labels,
      '--ship-from',
      'Acme Goods|12 Main St|Springfield, IL 62701|US',
    ];
    const first = startInTerminal(args, fx.authed);
    await first.waitFor(/box 1> /);
    let packed = 0;
    const scan = async (s: TerminalSession, code: string) => step(s, code, new RegExp(`packed ${++packed} of 12`));
    for (let i = 0; i < 4; i++) await scan(first, fnskus[BOOK]!);
    await step(first, 'next', /weight of box 1 \(lb\)/);
    await step(first, '12.5', /sides of box 1/);
    await step(first, '18x14x10', /box 2> /);
    await scan(first, fnskus[BOOK]!);
    await scan(first, BOOK);
    await scan(first, fnskus[MUG]!);
    await scan(first, MUG);
    await step(first, 'next', /weight of box 2 \(lb\)/);
    await step(first, '9', /sides of box 2/);
    await step(first, '16 x 12 x 10', /box 3> /);
    await scan(first, fnskus[MUG]!);
    first.type('\x03');
    expect(await first.exited).toBe(130);
    expect(plain(first.screen())).toMatch(/kept/);
    expect(existsSync(labels)).toBe(false);

    const second = startInTerminal(args, fx.authed);
    await second.waitFor(/box 3> /);
    expect(plain(second.screen())).toMatch(/resum\w+ .*2 boxes closed.*9 of 12 units packed/s);
    for (let i = 0; i < 3; i++) await scan(second, fnskus[MUG]!);
    second.type(fnskus[MUG] + '\r');
    await second.waitFor(/packed already/);
    expect(second.screen()).toContain('\x07');
    expect(plain(second.screen())).toMatch(new RegExp(`${MUG}: all 6 units of ${shipment} are packed already`));
    await step(second, 'done', /weight of box 3 \(lb\)/);
    await step(second, '7.25', /sides of box 3/);
    second.type('14x12x8\r');
    expect(await second.exited).toBe(0);

    const pages = decodePdf(labels, THERMAL_DPI);
    const text = (i: number) => pages[i]!.filter((s) => s.format === 'PDF417').map((s) => s.text);
    expect(pages).toHaveLength(3);
    expect(text(0)).toEqual([`AMZN,PO:${shipment},FNSKU:${fnskus[BOOK]},QTY:4`]);
    expect(text(1)).toEqual([`AMZN,PO:${shipment},FNSKU:${fnskus[BOOK]},QTY:2,FNSKU:${fnskus[MUG]},QTY:2`]);
    expect(text(2)).toEqual([`AMZN,PO:${shipment},FNSKU:${fnskus[MUG]},QTY:4`]);
    // The finished session's journal is gone: the next run starts afresh.
    expect(readdirSync(join(fx.env.INV_STATE_DIR, 'pack'))).toEqual([]);
  });

  it('a second station on the same shipment is refused (exit 1) naming the holder; no box number is issued twice', async () => {
    const list = JSON.parse((await runInv(['shipments', 'list', '--json'], { env: fx.authed })).stdout) as Array<{
      shipmentId: string;
      center: string;
      status: string;
    }>;
    const other = list.find((s) => s.center === 'CLT2' && s.status === 'open')!.shipmentId;
    const first = startInTerminal(['pack', other, '--json'], fx.authed);
    await first.waitFor(/box 1> /);
    await step(first, fnskus[MUG]!, /packed 1 of 6/);
    const second = startInTerminal(['pack', other, '--json'], fx.authed);
    await second.waitFor(/box 1> |being packed/);
    expect(plain(second.screen())).not.toMatch(/box 1> /);
    expect(await second.exited).toBe(1);
    expect(plain(second.screen())).toMatch(new RegExp(`${other} is being packed .*process \\d+`));
    first.type('\x03');
    expect(await first.exited).toBe(130);
    // Once the first station has let go, the session is the next station's to resume.
    const third = startInTerminal(['pack', other, '--json'], fx.authed);
    await third.waitFor(/box 1> /);
    expect(plain(third.screen())).toMatch(/resum\w+ .*1 of 6 units packed/s);
    third.type('\x03');
    expect(await third.exited).toBe(130);
  });

  it('a station on another machine (its own state) is refused while one packs, and after it stopped with boxes closed', async () => {
    const list = JSON.parse((await runInv(['shipments', 'list', '--json'], { env: fx.authed })).stdout) as Array<{
      shipmentId: string;
      center: string;
      status: string;
    }>;
    const other = list.find((s) => s.center === 'CLT2' && s.status === 'open')!.shipmentId;
    const machineB = { ...fx.authed, INV_STATE_DIR: tempDir('machine-b'), INV_HOST_ID: 'station-b' };
    const first = startInTerminal(['pack', other, '--json'], { ...fx.authed, INV_HOST_ID: 'station-a' });
    await first.waitFor(/box 1> /);
    const second = startInTerminal(['pack', other, '--json'], machineB);
    await second.waitFor(/box 1> |being packed/);
    expect(await second.exited).toBe(1);
    expect(plain(second.screen())).toMatch(new RegExp(`${other} is being packed on station-a \\(process \\d+`));
    await step(first, 'next', /weight of box 1/);
    await step(first, '3', /sides of box 1/);
    await step(first, '10x10x10', /box 2> /);
    first.type('\x03');
    expect(await first.exited).toBe(130);
    // Box 1 is labelled at station A: station B, whose journal holds none, would number its first box 1 again.
    const third = startInTerminal(['pack', other, '--json'], machineB);
    await third.waitFor(/box 1> |closed at the station/);
    expect(await third.exited).toBe(1);
    expect(plain(third.screen())).toMatch(/1 boxes were closed at the station on station-a, 0 here/);
  });
});
