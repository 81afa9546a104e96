/**
 * --printer: a label job sent whole to a raw ZPL printer (a TCP listener that keeps what it gets, as a Zebra on port
 * 9100 takes it) or to a CUPS printer by name (an `lp` stand-in on PATH), once: a rerun sends no second job.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { rawPrinter, type RawPrinter } from '../helpers/raw-printer.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

let fx: InventoryFixture;
let printer: RawPrinter;
/** The jobs the printer kept in this test. */
let jobs: Buffer[];

beforeAll(async () => {
  fx = await inventoryFixture();
  printer = await rawPrinter();
});
afterAll(async () => {
  await printer.close();
  await fx.close();
});
beforeEach(() => {
  printer.jobs.length = 0;
  jobs = printer.jobs;
});

const inv = (args: string[], env: Record<string, string> = {}) => runInv(args, { env: { ...fx.authed, ...env } });

describe('inv locations labels --printer tcp://HOST:PORT', () => {
  it('sends the ZPL job whole to the raw printer; a rerun sends no second job; --reprint does', async () => {
    const whole = await inv(['locations', 'labels', '--all', '-o', 'zpl']);
    expect(whole.code, whole.stderr).toBe(0);
    const target = `tcp://127.0.0.1:${printer.target.port}`;
    const r = await inv(['locations', 'labels', '--all', '--printer', target]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`labels \\(thermal-2.25x1.25, ZPL\\) sent to ${target}`));
    const [job] = await printer.kept(1);
    expect(job!.toString('utf8')).toBe(whole.stdout);
    expect(job!.toString('utf8').match(/\^XA/g)?.length).toBeGreaterThan(1);

    const again = await inv(['locations', 'labels', '--all', '--printer', target]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /not sent again: the same job went to tcp:\/\/127\.0\.0\.1:\d+ at .* \(--reprint sends it again\)/,
    );
    const third = await inv(['locations', 'labels', '--all', '--printer', target, '--reprint']);
    expect(third.code, third.stderr).toBe(0);
    expect(await printer.kept(2)).toHaveLength(2);
    expect(jobs[1]!.equals(job!)).toBe(true);
  });

  it('takes labels.printer as what --printer alone means', async () => {
    const set = await inv(['config', 'set', 'labels.printer', `tcp://127.0.0.1:${printer.target.port}`]);
    expect(set.code, set.stderr).toBe(0);
    const r = await inv(['locations', 'labels', 'LOC-1', '--printer']);
    expect(r.code, r.stderr).toBe(0);
    expect((await printer.kept(1))[0]!.toString('utf8')).toContain('LOC-1');
    const bad = await inv(['config', 'set', 'labels.printer', 'not a printer']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('labels.printer');
  });

  it('says so when nothing answers (exit 1, nothing sent), and refuses a PDF to a raw printer (exit 2)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await inv(['locations', 'labels', '1', '--printer', `tcp://127.0.0.1:${dead}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`no printer answers at tcp://127.0.0.1:${dead}`);
    const pdf = await inv([
      'locations',
      'labels',
      '1',
      '--printer',
      `tcp://127.0.0.1:${printer.target.port}`,
      '--format',
      'pdf',
    ]);
    expect(pdf.code).toBe(2);
    expect(pdf.stderr).toContain('--printer tcp://');
    const junk = await inv(['locations', 'labels', '1', '--printer', 'two words']);
    expect(junk.code).toBe(2);
    expect(junk.stderr).toContain('--printer: "two words" must be tcp://HOST[:PORT]');
    expect(jobs).toHaveLength(0);
  });
});

describe('inv locations labels --printer NAME (CUPS lp)', () => {
  it('hands the PDF to lp -d NAME, and ZPL with -o raw', async () => {
    const bin = join(fx.dir, 'fake-bin');
    mkdirSync(bin, { recursive: true });
    const log = join(fx.dir, 'lp.log');
    writeFileSync(
      join(bin, 'lp'),
      `#!/bin/sh\necho "$@" >> '${log}'\ncat > '${log}.job'\necho "request id is $2-7 (1 file(s))"\n`,
    );
    chmodSync(join(bin, 'lp'), 0o755);
    const PATH = `${bin}:${process.env.PATH}`;
    const r = await inv(['locations', 'labels', '1', '--printer', 'zebra'], { PATH });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('request id is zebra-7');
    expect(readFileSync(`${log}.job`).subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = await inv(['locations', 'labels', '1', '--printer', 'zebra', '-o', 'zpl'], { PATH });
    expect(zpl.code, zpl.stderr).toBe(0);
    expect(readFileSync(log, 'utf8').split('\n')).toEqual([
      '-d zebra -t inv labels -',
      '-d zebra -o raw -t inv labels -',
      '',
    ]);
  });
});

describe('inv pack --printer', () => {
  it('sends the carton labels as one ZPL job to the raw printer, once', async () => {
    const contents = join(fx.dir, 'contents.csv');
    const boxes = join(fx.dir, 'boxes.csv');
    writeFileSync(
      contents,
      'box,msku,quantity\n1,BOOK-COOK-001,4\n2,BOOK-COOK-001,2\n2,MUG-BLUE-11OZ,2\n3,MUG-BLUE-11OZ,4\n',
    );
    writeFileSync(boxes, 'box,weight,length,width,height\n1,12.5,18,14,10\n2,9,16,12,10\n3,7.25,14,12,8\n');
    const args = ['pack', 'FBA10000001', '--file', contents, '--boxes', boxes, '--ship-from', 'Acme|1 Main St|Town'];
    const whole = await inv([...args, '--labels', '-', '-o', 'zpl']);
    expect(whole.code, whole.stderr).toBe(0);
    const r = await inv([...args, '--printer', `tcp://127.0.0.1:${printer.target.port}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`3 carton labels (ZPL, 4x6) sent to tcp://127.0.0.1:${printer.target.port}`);
    const [job] = await printer.kept(1);
    expect(job!.toString('utf8')).toBe(whole.stdout);
    const again = await inv([...args, '--printer', `tcp://127.0.0.1:${printer.target.port}`]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('not sent again');
    expect(jobs).toHaveLength(1);
  });
});

describe('inv send-to-fba --printer', () => {
  it('prints the labels of the units just added, as one ZPL job to the raw printer', async () => {
    const r = await inv([
      'send-to-fba',
      'MUG-BLUE-11OZ',
      '2',
      '--from',
      'Shelf A1',
      '--printer',
      `tcp://127.0.0.1:${printer.target.port}`,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/labels \(thermal-2\.25x1\.25, ZPL\) sent to tcp:\/\/127\.0\.0\.1:\d+/);
    const [job] = await printer.kept(1);
    // A heading label per shipment, then the units' label (printed twice: ^PQ2).
    expect(job!.toString('utf8')).toMatch(/\^XA[\s\S]*\^XZ[\s\S]*X000BB05CA[\s\S]*\^PQ2/);
  });

  it('a second send of the same units prints their labels again: new units, not a rerun of a job', async () => {
    const send = [
      'send-to-fba',
      'PUZZLE-1000',
      '1',
      '--from',
      'Shelf A2',
      '--printer',
      `tcp://127.0.0.1:${printer.target.port}`,
    ];
    const first = await inv(send);
    expect(first.code, first.stderr).toBe(0);
    const second = await inv(send);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('not sent again');
    const [a, b] = await printer.kept(2);
    expect(b).toEqual(a);
  });

  it('says the stock was sent when the printer does not answer', async () => {
    const r = await inv(['send-to-fba', 'MUG-BLUE-11OZ', '1', '--from', 'Shelf A1', '--printer', 'tcp://127.0.0.1:1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the stock was sent, but its labels were not printed: no printer answers');
  });
});
