/** The one place that talks to the network: node:http(s) keep-alive pools per origin, timeouts, errors classified. */
import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { TransportError, type HttpRequest, type HttpResponse } from './http-types.js';

export interface TransportOptions {
  /** Time allowed for the answer's headers, and between two pieces of its body. */
  timeoutMs: number;
  /** Sockets per origin. */
  connections?: number;
}

const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'CONNECT_TIMEOUT',
]);
const TIMEOUTS = new Set(['HEADERS_TIMEOUT', 'BODY_TIMEOUT']);

/** Keep-alive pools (one per scheme, sockets per origin) shared by every client of one CLI run. */
export class Transport {
  private readonly http: Agent;
  private https?: HttpsAgent;
  constructor(
    private readonly options: TransportOptions,
    private readonly signal?: AbortSignal,
  ) {
    this.http = new Agent(this.agentOptions());
  }

  /** Sends one request and collects the whole body. */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const agent = req.url.protocol === 'https:' ? await this.httpsAgent() : this.http;
    // Ctrl-C aborts reads at once; a request that may change state is let finish, so it is never cut in half.
    const signal = req.retry.idempotent ? this.signal : undefined;
    if (signal?.aborted) throw classify(abortError(), req.url);
    return new Promise<HttpResponse>((resolve, reject) => {
      const started = performance.now();
      const out = request(req.url, { method: req.method, headers: req.headers, agent });
      const timer = new Timer(out, this.options.timeoutMs);
      const onAbort = () => out.destroy(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const fail = (error: unknown) => {
        timer.clear();
        signal?.removeEventListener('abort', onAbort);
        reject(classify(error, req.url));
      };
      out.on('error', fail);
      out.on('socket', (socket) => {
        if (!socket.connecting) return;
        timer.start('CONNECT_TIMEOUT', Math.min(this.options.timeoutMs, 10_000));
        socket.once('connect', () => timer.clear());
      });
      out.on('finish', () => timer.start('HEADERS_TIMEOUT'));
      out.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        timer.start('BODY_TIMEOUT');
        res.on('data', (chunk: Buffer) => (chunks.push(chunk), timer.start('BODY_TIMEOUT')));
        res.on('error', fail);
        res.on('end', () => {
          timer.clear();
          signal?.removeEventListener('abort', onAbort);
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          const status = res.statusCode ?? 0;
          resolve({
            status,
            headers: headersOf(res),
            text: req.binary && status < 400 ? '' : body.toString('utf8'),
            bytes: req.binary ? body : undefined,
            durationMs: performance.now() - started,
          });
        });
      });
      out.end(req.body);
    });
  }

  /** Closes every pooled connection. */
  async close(): Promise<void> {
    this.http.destroy();
    this.https?.destroy();
  }

  private agentOptions() {
    return { keepAlive: true, maxSockets: this.options.connections ?? 16 };
  }

  private async httpsAgent(): Promise<HttpsAgent> {
    this.https ??= new (await import('node:https')).Agent(this.agentOptions());
    return this.https;
  }
}

/** One deadline at a time on a request: connecting, then the headers, then each piece of the body. */
class Timer {
  private handle?: NodeJS.Timeout;
  constructor(
    private readonly out: ClientRequest,
    private readonly timeoutMs: number,
  ) {}

  start(code: string, ms = this.timeoutMs): void {
    this.clear();
    this.handle = setTimeout(() => this.out.destroy(Object.assign(new Error(code), { code })), ms);
  }

  clear(): void {
    if (this.handle) clearTimeout(this.handle);
    this.handle = undefined;
  }
}

function abortError(): Error {
  return new DOMException('aborted', 'AbortError');
}

/** The answer's headers, lower-case names, repeated ones joined as one. */
function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function classify(error: unknown, url: URL): TransportError {
  const code = (error as { code?: string })?.code ?? '';
  const detail = (error as Error)?.message || code;
  if ((error as Error)?.name === 'AbortError') return new TransportError('request aborted', 'aborted', url);
  // A TLS handshake that fails (certificate, protocol) ends before the request is written: nothing was sent.
  if (NOT_SENT.has(code) || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/.test(code))
    return new TransportError(`cannot connect to ${url.origin} (${code || detail})`, 'connect', url);
  if (TIMEOUTS.has(code)) return new TransportError(`no answer from ${url.origin} in time (${code})`, 'timeout', url);
  return new TransportError(`connection to ${url.origin} lost (${code || detail})`, 'lost', url);
}
