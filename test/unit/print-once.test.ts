/** A print job cut part way: in doubt, saying how much the printer took; a rerun refuses until --reprint. */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printOnce } from '../../src/labels/print-labels.js';
import { parsePrinter } from '../../src/labels/printer-target.js';
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
    const jobs: Buffer[] = [];
    // A printer that keeps each job and closes a moment after the last byte, as one printing it would.
    const slow = createServer((socket) => {
      const parts: Buffer[] = [];
      socket.on('data', (d: Buffer) => parts.push(d));
      socket.on('end', () => {
        jobs.push(Buffer.concat(parts));
        setTimeout(() => socket.end(), 300);
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const target = { kind: 'tcp', host: '127.0.0.1', port: (slow.address() as { port: number }).port } as const;
      const env = { stateDir: tempDir('print-twice'), now: () => Date.now(), reprint: false };
      const job = Buffer.from('^XA^FDLOC-9^FS^XZ\n');
      const said = await Promise.all([printOnce(target, job, true, env), printOnce(target, job, true, env)]);
      expect(said.filter((s) => s.startsWith('not sent again'))).toHaveLength(1);
      expect(jobs).toHaveLength(1);
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('a printer by name on Windows', () => {
  it('is refused when it is read, before anything is sent (Windows has no lp); tcp:// is taken', () => {
    expect(() => parsePrinter('zebra', '--printer', 'win32')).toThrow(/--printer: a printer by name needs CUPS \(lp\)/);
    expect(parsePrinter('tcp://10.0.0.9', '--printer', 'win32')).toEqual({ kind: 'tcp', host: '10.0.0.9', port: 9100 });
    expect(parsePrinter('zebra', '--printer', 'linux')).toEqual({ kind: 'lp', name: 'zebra' });
  });
});
