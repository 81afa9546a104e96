/** A small HTTP server for one sandbox API: node:http, find-my-way routes, JSON bodies, faults and counts. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { Faults, type FaultRule } from './faults.js';
import { RequestStats } from './stats.js';

export interface SandboxRequest {
  method: string;
  path: string;
  /** The request target as received (path and query), for signature checks. */
  rawUrl: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  params: Record<string, string>;
  body: unknown;
  /** The origin this server is reached at, e.g. http://127.0.0.1:4010. */
  origin: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Sent as is instead of JSON. */
  text?: string;
  /** Binary content, sent as is. */
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export type Route = (req: SandboxRequest) => Reply | Promise<Reply>;

/** A redirect reply. */
export function redirect(location: string): Reply {
  return { status: 302, headers: { location }, text: '' };
}

/** An HTML page reply. */
export function html(page: string, status = 200): Reply {
  return { status, text: page, contentType: 'text/html; charset=utf-8' };
}

/** Thrown by routes to answer with an error status and message. */
export class HttpFail extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const MAX_BODY = 1 << 20;

export class SandboxServer {
  readonly faults = new Faults();
  readonly stats = new RequestStats();
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });
  private readonly server: Server;
  private origin = '';
  /** The body of a "no-payload" fault: what this API puts in every answer besides its payload. */
  payloadless: () => unknown = () => ({});

  /**
   * `errorBody` shapes error answers the way this API does; `commit` is awaited before every
   * answer, so that what a client is told was done is on disk.
   */
  constructor(
    private readonly errorBody: (status: number, message: string) => unknown,
    private readonly commit: () => Promise<void> = async () => undefined,
  ) {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 65_000;
    this.route('POST', '/_sandbox/faults', ({ body }) => {
      this.faults.add(body as FaultRule);
      return { body: { ok: true } };
    });
    this.route('DELETE', '/_sandbox/faults', () => {
      this.faults.clear();
      return { body: { ok: true } };
    });
    this.route('GET', '/_sandbox/stats', () => ({ body: this.stats.snapshot() }));
  }

  /** Adds a route; `path` uses find-my-way's `:param` syntax. */
  route(method: HTTPMethod, path: string, handler: Route): void {
    this.router.on(method, path, () => undefined, { handler });
  }

  /** Starts listening; resolves to the origin URL. */
  listen(host: string, port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address() as AddressInfo;
        const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        this.origin = `http://${shownHost}:${address.port}`;
        resolve(this.origin);
      });
    });
  }

  /** Stops accepting and closes every connection. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const control = url.pathname.startsWith('/_sandbox/');
    if (!control) this.stats.record(method, url.pathname);
    try {
      const fault = control ? undefined : this.faults.take(method, url.pathname);
      if (this.faults.settings.latencyMs > 0 && !control) await delay(this.faults.settings.latencyMs);
      if (fault?.status === 'error-body') {
        return send(res, { body: this.errorBody(200, fault.message ?? 'injected fault: an error answered with 200') });
      }
      if (fault?.status === 'no-payload') return send(res, { body: this.payloadless() });
      if (fault && typeof fault.status === 'number' && !fault.afterApply) {
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
        throw new HttpFail(fault.status, `injected fault: HTTP ${fault.status}`, headers);
      }
      const found = this.router.find(method as HTTPMethod, url.pathname);
      if (!found) throw this.missing(url.pathname, method);
      const body = await readBody(req);
      await this.faults.gate(url.pathname);
      const request: SandboxRequest = {
        method, path: url.pathname, rawUrl: req.url ?? '/', query: url.searchParams, headers: req.headers,
        params: found.params as Record<string, string>, body, origin: `http://${req.headers.host ?? this.origin.slice(7)}`,
      };
      const reply = await (found.store as { handler: Route }).handler(request);
      await this.commit();
      if (fault?.status === 'drop') {
        req.socket.destroy();
        return;
      }
      if (fault?.status === 'garble') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","da');
        return;
      }
      if (fault && typeof fault.status === 'number') throw new HttpFail(fault.status, `injected fault after the change was applied: HTTP ${fault.status}`);
      send(res, reply);
    } catch (error) {
      const status = error instanceof HttpFail ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      send(res, { status, body: this.errorBody(status, message), headers: error instanceof HttpFail ? error.headers : {} });
    }
  }

  /** 405 when the path exists under another method, else 404. */
  private missing(path: string, method: string): HttpFail {
    const allowed = METHODS.filter((m) => m !== method && this.router.find(m, path));
    if (allowed.length > 0) return new HttpFail(405, `${method} is not permitted on ${path}`, { allow: allowed.join(', ') });
    return new HttpFail(404, `no such endpoint: ${method} ${path}`);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpFail(413, 'request body larger than 1 MiB');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpFail(400, 'request body is not valid JSON');
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const status = reply.status ?? 200;
  const content = reply.raw ?? reply.text ?? JSON.stringify(reply.body ?? null);
  res.writeHead(status, {
    'content-type': reply.contentType ?? 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(content),
    ...reply.headers,
  });
  res.end(content);
}
