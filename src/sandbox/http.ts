/** A small HTTP server for one sandbox API: node:http, find-my-way routes, JSON bodies, faults and counts. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { Faults, parseFaultRule } from './faults.js';
import {
  HttpFail,
  sendReply,
  type Admit,
  type Route,
  type RouteOptions,
  type SandboxRequest,
  type ServerOptions,
} from './reply.js';
import { RequestIds } from './request-ids.js';
import { RequestStats } from './stats.js';
import { checkQuery, readBody } from './request-checks.js';

export {
  HttpFail,
  html,
  redirect,
  type Admit,
  type Reply,
  type Route,
  type RouteOptions,
  type SandboxRequest,
  type ServerOptions,
} from './reply.js';

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

export class SandboxServer {
  readonly faults = new Faults();
  readonly stats = new RequestStats();
  /** Runs first for every API request (not /_sandbox/*): throws HttpFail to refuse it, or returns headers for its answer. */
  admit?: Admit;
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });
  private readonly requestIds = new RequestIds();
  private readonly server: Server;
  private origin = '';

  /**
   * `errorBody` shapes error answers the way this API does; `commit` is awaited before every
   * answer, so that what a client is told was done is on disk.
   */
  constructor(
    private readonly errorBody: (status: number, message: string) => unknown,
    private readonly commit: () => Promise<void> = async () => undefined,
    private readonly options: ServerOptions = {},
  ) {
    this.server = createServer((req, res) => {
      const requestId = this.requestIds.next();
      res.setHeader('x-request-id', requestId);
      this.handle(req, res, requestId).catch((error: unknown) => this.crashed(res, error, requestId));
    });
    this.server.keepAliveTimeout = 65_000;
    this.route('POST', '/_sandbox/faults', ({ body }) => {
      this.faults.add(parseFaultRule(body));
      return { body: { ok: true } };
    });
    this.route('DELETE', '/_sandbox/faults', () => {
      this.faults.clear();
      return { body: { ok: true } };
    });
    this.route('GET', '/_sandbox/stats', () => ({ body: this.stats.snapshot() }));
  }

  /** Adds a route; `path` uses find-my-way's `:param` syntax. */
  route(method: HTTPMethod, path: string, handler: Route, options: RouteOptions = {}): void {
    this.router.on(method, path, () => undefined, { handler, form: options.form ?? false });
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

  private async handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const control = url.pathname.startsWith('/_sandbox/');
    if (!control) this.stats.record(method, url.pathname);
    try {
      if (control) this.checkControl(req);
      else if (this.admit)
        for (const [name, value] of Object.entries(this.admit(req, url.pathname) ?? {})) res.setHeader(name, value);
      checkQuery(url.searchParams);
      const fault = control ? undefined : this.faults.take(method, url.pathname);
      const latency = control ? 0 : this.faults.delayMs();
      if (latency > 0) await delay(latency);
      if (fault?.status === 'error-body') {
        return sendReply(res, {
          body: this.errorBody(200, fault.message ?? 'injected fault: an error answered with 200'),
        });
      }
      if (fault?.status === 'no-payload')
        return sendReply(res, { body: this.options.payloadless ? this.options.payloadless() : {} });
      if (fault && typeof fault.status === 'number' && !fault.afterApply) {
        const headers: Record<string, string> =
          fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
        throw new HttpFail(fault.status, `injected fault: HTTP ${fault.status}`, headers);
      }
      const found = this.router.find(method as HTTPMethod, url.pathname);
      if (!found) throw this.missing(url.pathname, method);
      const route = found.store as { handler: Route; form: boolean };
      const body = await readBody(req, route.form);
      await this.faults.gate(url.pathname);
      const request: SandboxRequest = {
        method,
        path: url.pathname,
        rawUrl: req.url ?? '/',
        query: url.searchParams,
        headers: req.headers,
        params: found.params as Record<string, string>,
        body,
        origin: this.origin,
      };
      const reply = await route.handler(request);
      await this.commit();
      if (fault?.status === 'drop') {
        req.socket.destroy();
        return;
      }
      if (fault?.status === 'garble') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","da');
        return;
      }
      if (fault && typeof fault.status === 'number')
        throw new HttpFail(fault.status, `injected fault after the change was applied: HTTP ${fault.status}`);
      sendReply(res, reply);
    } catch (error) {
      if (!(error instanceof HttpFail)) return this.crashed(res, error, requestId);
      sendReply(res, {
        status: error.status,
        body: this.errorBody(error.status, error.message),
        headers: error.headers,
      });
    }
  }

  /**
   * Any other failure: logged, answered 500 (x-request-id is already set), and the server carries on. A client that
   * closed its connection mid-request is no failure of the sandbox: one plain line, and nobody to answer.
   */
  private crashed(res: ServerResponse, error: unknown, requestId: string): void {
    const log = this.options.log ?? ((line: string) => process.stderr.write(line + '\n'));
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET' && res.socket?.destroyed !== false) {
      log(`sandbox: request ${requestId}: the client closed the connection before its request ended`);
      res.destroy();
      return;
    }
    log(
      `sandbox: request ${requestId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    try {
      sendReply(res, {
        status: 500,
        body: this.errorBody(500, `internal error in the sandbox (request id ${requestId})`),
      });
    } catch {
      res.destroy();
    }
  }

  /** /_sandbox/* answers loopback clients, and others only with the admin token. */
  private checkControl(req: IncomingMessage): void {
    if (isLoopbackAddress(req.socket.remoteAddress)) return;
    const given = req.headers['x-sandbox-admin-token'];
    if (!this.options.adminToken || given !== this.options.adminToken) {
      throw new HttpFail(403, '/_sandbox/* answers only on loopback, or with X-Sandbox-Admin-Token');
    }
  }

  /** 405 when the path exists under another method, else 404. */
  private missing(path: string, method: string): HttpFail {
    const allowed = METHODS.filter((m) => m !== method && this.router.find(m, path));
    if (allowed.length > 0)
      return new HttpFail(405, `${method} is not permitted on ${path}`, { allow: allowed.join(', ') });
    return new HttpFail(404, `no such endpoint: ${method} ${path}`);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether a socket's remote address is loopback (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
