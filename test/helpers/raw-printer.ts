/** A raw ZPL printer for tests: a TCP listener on 127.0.0.1 that keeps each job whole, as a Zebra on port 9100 does. */
import { createServer, type Socket } from 'node:net';

export interface RawPrinter {
  /** Each connection's bytes, once its sender ended it. */
  jobs: Buffer[];
  /** The connections taken so far. */
  sockets: Set<Socket>;
  target: { kind: 'tcp'; host: string; port: number };
  /** Waits until `n` jobs were kept (a connection's end may come after its sender is done), then gives the jobs. */
  kept(n: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

/**
 * Starts a printer that keeps every job and closes its side `closeAfterMs` after the last byte (as one printing it
 * would), or, with `reads: false`, one that takes the connection and reads nothing.
 */
export async function rawPrinter({ reads = true, closeAfterMs = 0 } = {}): Promise<RawPrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    if (!reads) return socket.pause();
    const parts: Buffer[] = [];
    socket.on('data', (d: Buffer) => parts.push(d));
    socket.on('end', () => {
      jobs.push(Buffer.concat(parts));
      if (closeAfterMs > 0) setTimeout(() => socket.end(), closeAfterMs);
      else socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const target = { kind: 'tcp', host: '127.0.0.1', port: (server.address() as { port: number }).port } as const;
  return {
    jobs,
    sockets,
    target,
    async kept(n) {
      for (let i = 0; i < 200 && jobs.length < n; i++) await new Promise((r) => setTimeout(r, 10));
      return jobs;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
