/** A print job cut part way: in doubt, saying how much the printer took; a rerun refuses until --reprint. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printOnce } from '../../src/labels/print-labels.js';
import { parsePrinter } from '../../src/labels/printer-target.js';
import { rawPrinter } from '../helpers/raw-printer.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

let printer: Server;
let port: number;
let received = 0;
const dir = tempDir('print');

beforeAll(async () => {
  // A printer that takes the first bytes of a job and then breaks the connection.
  printer = createServer((socket) =>
    socket.once('data', (d: Buffer) => {
      received += d.length;
      socket.resetAndDestroy();
    }),
  );
  await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
  port = (printer.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => printer.close(resolve));
  removeTempDir(dir);
});

describe('a job cut part way', () => {
  it('is in doubt, says how many bytes of how many left, and is not sent again but by --reprint', async () => {
    // Far more than a connection's buffers hold: the printer breaks it long before the end.
    const job = Buffer.alloc(64 * 1024 * 1024, '^XA^FDLOC-1^FS^XZ\n');
    const target = { kind: 'tcp', host: '127.0.0.1', port } as const;
    const env = { stateDir: dir, now: () => Date.now(), reprint: false };
    const cut = printOnce(target, job, true, env);
    await expect(cut).rejects.toThrow(
      /the connection to tcp:\/\/127\.0\.0\.1:\d+ broke \(.*\) after sending \d+ of 67108864 bytes/,
    );
    await expect(cut).rejects.toHaveProperty('name', 'InDoubtError');
    expect(received).toBeGreaterThan(0);
    const before = received;
    await expect(printOnce(target, job, true, env)).rejects.toThrow(/was cut off before it was all sent/);
    expect(received).toBe(before);
    await expect(printOnce(target, job, true, { ...env, reprint: true })).rejects.toThrow(/broke/);
    expect(received).toBeGreaterThan(before);
  });
});

describe('a small job the printer resets after taking it', () => {
  it('is in doubt, not sent: the bytes left this machine, which does not say the printer kept them', async () => {
    // A job small enough for the connection's buffers: every byte is handed over before the printer says anything.
    const job = Buffer.from('^XA^FDLOC-7^FS^XZ\n');
    const target = { kind: 'tcp', host: '127.0.0.1', port } as const;
    const env = { stateDir: dir, now: () => Date.now(), reprint: false };
    const sent = printOnce(target, job, true, env);
    await expect(sent).rejects.toHaveProperty('name', 'InDoubtError');
    await expect(sent).rejects.toThrow(/broke \(ECONNRESET\) after sending 18 of 18 bytes/);
  });
});

describe('the same job from two terminals at once', () => {
  it('is sent once: the second waits for the first, then finds it sent', async () => {
    // A printer that closes a moment after the last byte, as one printing it would.
    const slow = await rawPrinter({ closeAfterMs: 300 });
    try {
      const { target, jobs } = slow;
      const env = { stateDir: tempDir('print-twice'), now: () => Date.now(), reprint: false };
      const job = Buffer.from('^XA^FDLOC-9^FS^XZ\n');
      const said = await Promise.all([printOnce(target, job, true, env), printOnce(target, job, true, env)]);
      expect(said.filter((s) => s.startsWith('not sent again'))).toHaveLength(1);
      expect(jobs).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('what a job leaves behind', () => {
  const recordFile = (stateDir: string) => {
    const files = readdirSync(join(stateDir, 'printed')).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    return join(stateDir, 'printed', files[0]!);
  };

  it('is "sending" while it goes out: a process killed then leaves it in doubt, and a rerun sends nothing', async () => {
    const stuck = await rawPrinter({ reads: false });
    const stateDir = tempDir('print-kill');
    const env = { stateDir, now: () => Date.now(), reprint: false };
    const job = Buffer.alloc(64 * 1024 * 1024, '^XA^FDLOC-3^FS^XZ\n');
    const going = printOnce(stuck.target, job, true, env);
    for (let i = 0; i < 200 && stuck.sockets.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(JSON.parse(readFileSync(recordFile(stateDir), 'utf8'))).toMatchObject({ state: 'sending' });
    await stuck.close();
    await expect(going).rejects.toHaveProperty('name', 'InDoubtError');
    // As a process killed mid-job leaves it: the record still says "sending".
    const record = JSON.parse(readFileSync(recordFile(stateDir), 'utf8'));
    writeFileSync(recordFile(stateDir), JSON.stringify({ ...record, state: 'sending' }));
    const printer = await rawPrinter();
    try {
      await expect(printOnce(printer.target, job, true, env)).resolves.toMatch(/^sent to/); // another printer: another job
      await expect(printOnce(stuck.target, job, true, env)).rejects.toThrow(/was cut off before it was all sent/);
    } finally {
      await printer.close();
    }
  });

  it('Ctrl-C while it goes out ends it at once, in doubt, saying how much was sent', async () => {
    const stuck = await rawPrinter({ reads: false });
    try {
      const stop = new AbortController();
      const env = { stateDir: tempDir('print-stop'), now: () => Date.now(), reprint: false, signal: stop.signal };
      const going = printOnce(stuck.target, Buffer.alloc(64 * 1024 * 1024, 'x'), true, env);
      for (let i = 0; i < 200 && stuck.sockets.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
      const stopped = Date.now();
      stop.abort();
      await expect(going).rejects.toThrow(/broke \(interrupted\) after sending \d+ of 67108864 bytes/);
      // Well before the 10 s the printer timeout would take (a loaded machine gets its margin).
      expect(Date.now() - stopped).toBeLessThan(8_000);
    } finally {
      await stuck.close();
    }
  });

  it('nothing answering is not remembered: the same job is sent once a printer answers there', async () => {
    const printer = await rawPrinter();
    const port = printer.target.port;
    await printer.close();
    const env = { stateDir: tempDir('print-none'), now: () => Date.now(), reprint: false };
    const job = Buffer.from('^XA^FDLOC-4^FS^XZ\n');
    await expect(printOnce({ kind: 'tcp', host: '127.0.0.1', port }, job, true, env)).rejects.toThrow(
      /nothing was sent/,
    );
    const jobs: Buffer[] = [];
    const again = createServer((socket) =>
      socket.on('data', (d: Buffer) => jobs.push(d)).on('end', () => socket.end()),
    );
    await new Promise<void>((resolve) => again.listen(port, '127.0.0.1', resolve));
    try {
      await expect(printOnce({ kind: 'tcp', host: '127.0.0.1', port }, job, true, env)).resolves.toMatch(/^sent to/);
      expect(Buffer.concat(jobs)).toEqual(job);
    } finally {
      await new Promise((resolve) => again.close(resolve));
    }
  });

  it('is remembered for 12 hours: the same job 11 hours on is not sent again, 13 hours on it is', async () => {
    const printer = await rawPrinter();
    try {
      let now = Date.parse('2026-11-29T08:00:00Z');
      const env = { stateDir: tempDir('print-hours'), now: () => now, reprint: false };
      const job = Buffer.from('^XA^FDLOC-5^FS^XZ\n');
      await printOnce(printer.target, job, true, env);
      now += 11 * 3_600_000;
      await expect(printOnce(printer.target, job, true, env)).resolves.toMatch(/^not sent again/);
      now += 2 * 3_600_000;
      await expect(printOnce(printer.target, job, true, env)).resolves.toMatch(/^sent to/);
      expect(printer.jobs).toHaveLength(2);
    } finally {
      await printer.close();
    }
  });

  it('a job lp refuses sent nothing: once lp takes it, it is sent', async () => {
    const bin = tempDir('print-lp');
    const lp = (code: number) =>
      writeFileSync(join(bin, 'lp'), `#!/bin/sh\ncat >/dev/null\necho "lp: no such printer" >&2\nexit ${code}\n`, {
        mode: 0o755,
      });
    lp(1);
    const env = {
      stateDir: tempDir('print-lp-state'),
      PATH: `${bin}:/usr/bin:/bin`,
      now: () => Date.now(),
      reprint: false,
    };
    const job = Buffer.from('%PDF-1.4 a label');
    const target = { kind: 'lp', name: 'zebra' } as const;
    await expect(printOnce(target, job, false, env)).rejects.toThrow(/lp -d zebra refused the job \(exit 1\)/);
    lp(0);
    await expect(printOnce(target, job, false, env)).resolves.toMatch(/^sent to printer zebra \(lp\)/);
  });
});

describe('a printer value that is a location', () => {
  it('is refused, saying --printer took it: `inv locations labels --printer 7` meant location 7 on labels.printer', () => {
    for (const value of ['7', 'LOC-7'])
      expect(() => parsePrinter(value, '--printer', 'linux')).toThrow(
        new RegExp(`--printer: "${value}" is a location, not a printer`),
      );
    expect(parsePrinter('zebra7', '--printer', 'linux')).toEqual({ kind: 'lp', name: 'zebra7' });
  });
});

describe('a printer by name on Windows', () => {
  it('is refused when it is read, before anything is sent (Windows has no lp); tcp:// is taken', () => {
    expect(() => parsePrinter('zebra', '--printer', 'win32')).toThrow(/--printer: a printer by name needs CUPS \(lp\)/);
    expect(parsePrinter('tcp://10.0.0.9', '--printer', 'win32')).toEqual({ kind: 'tcp', host: '10.0.0.9', port: 9100 });
    expect(parsePrinter('zebra', '--printer', 'linux')).toEqual({ kind: 'lp', name: 'zebra' });
  });
});
