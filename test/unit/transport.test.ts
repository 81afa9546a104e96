/** The transport against a raw server: each way a request can fail is classified by whether it may have been sent. */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TransportError, type HttpRequest } from '../../src/http/http-types.js';
import { ONCE_POLICY, READ_POLICY, type RetryPolicy } from '../../src/http/retry.js';
import { Transport } from '../../src/http/transport.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('ok');
let server: Server;
let base: string;
let transport: Transport | undefined;

beforeAll(async () => {
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await transport?.close();
  server.closeAllConnections();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function request(path: string, retry: RetryPolicy = READ_POLICY, body?: string): HttpRequest {
  const method = body === undefined ? 'GET' : 'POST';
  return { operation: 'test', method, url: new URL(path, base), headers: {}, body, retry, auth: 'none' };
}

function open(timeoutMs = 300, signal?: AbortSignal): Transport {
  transport = new Transport({ timeoutMs }, signal);
  return transport;
}

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => expect.unreachable('the request succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

describe('the transport', () => {
  it('answers with status, lower-case headers and the whole body; a POST body arrives with its length', async () => {
    let received = '';
    handler = (req, res) => {
      req.on('data', (d) => (received += d));
      req.on('end', () => {
        res.writeHead(201, { 'X-Thing': 'a', 'content-type': 'text/plain' });
        res.write('par');
        setTimeout(() => res.end('ts'), 20);
      });
    };
    const answer = await open().send(request('/x', ONCE_POLICY, '{"a":"é"}'));
    expect(answer).toMatchObject({ status: 201, text: 'parts' });
    expect(answer.headers['x-thing']).toBe('a');
    expect(received).toBe('{"a":"é"}');
  });

  it('nothing listening: "connect" (nothing was sent)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(open().send({ ...request('/'), url: new URL(`http://127.0.0.1:${port}/`) }));
    expect(error.kind).toBe('connect');
  });

  it('no headers within the timeout: "timeout"', async () => {
    handler = () => undefined;
    const error = await failure(open(200).send(request('/slow')));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/no answer from .* in time \(HEADERS_TIMEOUT\)/);
  });

  it('a body that stops for longer than the timeout: "timeout"; one that keeps coming is read to its end', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('a');
    };
    expect((await failure(open(200).send(request('/stall')))).message).toMatch(/BODY_TIMEOUT/);
    // A drip ten times faster than the timeout (a loaded machine's late timers are no stall), longer than it in all.
    handler = (_req, res) => {
      res.writeHead(200);
      let sent = 0;
      const tick = setInterval(() => (++sent < 15 ? res.write('b') : (clearInterval(tick), res.end('c'))), 40);
    };
    expect((await open(400).send(request('/drip'))).text).toBe(`${'b'.repeat(14)}c`);
  });

  it('a connection dropped after the request was sent, or in the middle of the body: "lost"', async () => {
    handler = (req) => req.socket.destroy();
    expect((await failure(open().send(request('/drop', ONCE_POLICY, '{}')))).kind).toBe('lost');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"cut');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    expect((await failure(open().send(request('/cut')))).kind).toBe('lost');
  });

  it('Ctrl-C aborts a read at once, and lets a request that may change state finish', async () => {
    const controller = new AbortController();
    handler = (_req, res) => setTimeout(() => res.end('done'), 150);
    const t = open(2000, controller.signal);
    const read = failure(t.send(request('/read')));
    const change = t.send(request('/change', ONCE_POLICY, '{}'));
    setTimeout(() => controller.abort(), 50);
    expect((await read).kind).toBe('aborted');
    expect((await change).text).toBe('done');
  });

  it('keeps at most the connections asked for in flight per origin, and hands each freed one to the next request', async () => {
    let inFlight = 0;
    let most = 0;
    handler = (_req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => (inFlight--, res.end('ok')), 30);
    };
    transport = new Transport({ timeoutMs: 2000, connections: 2 });
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => transport!.send(request(`/n${i}`))));
    expect(answers.map((a) => a.text)).toEqual(Array(7).fill('ok'));
    expect(most).toBe(2);
  });

  it('a server that takes the connection but never finishes a TLS handshake: "connect" (nothing was sent)', async () => {
    const held: Socket[] = [];
    const mute = createTcpServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(`https://localhost:${(mute.address() as AddressInfo).port}/move`);
      const error = await failure(open(300).send({ ...request('/', ONCE_POLICY, '{}'), url }));
      expect(error.kind).toBe('connect');
    } finally {
      held.forEach((socket) => socket.destroy());
      mute.close();
    }
  });

  it('a connection that cannot be opened within the timeout: "connect", well before the system gives up', async () => {
    // A listener whose accept queue is full drops further SYNs: the connection neither opens nor fails.
    const full = spawn('python3', [
      '-c',
      [
        'import socket, time',
        "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(0); port = s.getsockname()[1]; held = []",
        'for i in range(4):',
        '    c = socket.socket(); c.setblocking(False)',
        "    try: c.connect(('127.0.0.1', port))",
        '    except BlockingIOError: pass',
        '    held.append(c)',
        'print(port, flush=True); time.sleep(60)',
      ].join('\n'),
    ]);
    try {
      const port = await new Promise<string>((resolve) =>
        full.stdout.once('data', (d: Buffer) => resolve(String(d).trim())),
      );
      const url = new URL(`http://127.0.0.1:${port}/move`);
      const started = Date.now();
      const error = await failure(open(400).send({ ...request('/', ONCE_POLICY, '{}'), url }));
      expect(error.kind).toBe('connect');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      full.kill();
    }
  }, 15_000);

  it("closes an idle connection before the server's Keep-Alive timeout runs out, so a reused one is never one it closed", async () => {
    const connections = new Set<Socket>();
    handler = (req, res) => {
      connections.add(req.socket);
      res.end('ok');
    };
    server.keepAliveTimeout = 2000; // answers say Keep-Alive: timeout=2
    try {
      const t = open(2000);
      await t.send(request('/first'));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await t.send(request('/second'));
      expect(connections.size).toBe(2);
    } finally {
      server.keepAliveTimeout = 5000;
    }
  });

  it('a stop leaves a request that may change state under a second to be answered, then cuts it off (it may have been sent)', async () => {
    const controller = new AbortController();
    handler = () => undefined; // a server that never answers
    const t = new Transport({ timeoutMs: 30_000 }, controller.signal);
    transport = t;
    const move = failure(t.send(request('/move', ONCE_POLICY, '{}')));
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    expect((await move).kind).toBe('aborted');
    expect(Date.now() - started, 'milliseconds from the stop to the cut').toBeLessThan(2000);
  });

  it('Ctrl-C aborts a read waiting for a connection held by a request that may change state, before that one ends', async () => {
    const controller = new AbortController();
    handler = (_req, res) => setTimeout(() => res.end('moved'), 600);
    const t = new Transport({ timeoutMs: 5000, connections: 1 }, controller.signal);
    transport = t;
    const events: string[] = [];
    const move = t.send(request('/move', ONCE_POLICY, '{}')).then((a) => events.push(`move ${a.text}`));
    const read = failure(t.send(request('/read'))).then((e) => events.push(`read ${e.kind}`));
    setTimeout(() => controller.abort(), 50);
    await Promise.all([move, read]);
    expect(events).toEqual(['read unsent', 'move moved']);
  });
});
