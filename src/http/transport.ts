/** The one place that talks to undici: a keep-alive pool per origin, timeouts, and transport errors classified. */
// The Agent alone (not undici's index, which loads fetch, WebSocket, caches and mocks as well): a far smaller start.
import Agent from 'undici/lib/dispatcher/agent.js';
import type { Dispatcher } from 'undici';
import { TransportError, type HttpRequest, type HttpResponse } from './http-types.js';

export interface TransportOptions {
  /** Time allowed for headers and for the body, each. */
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
  'UND_ERR_CONNECT_TIMEOUT',
  'EADDRNOTAVAIL',
]);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** An undici Agent shared by every client of one CLI run; `close()` frees its sockets so the process can exit. */
export class Transport {
  private readonly agent: Agent;
  constructor(
    private readonly options: TransportOptions,
    private readonly signal?: AbortSignal,
  ) {
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: options.connections ?? 16,
      connect: { timeout: Math.min(options.timeoutMs, 10_000) },
    });
  }

  /**
   * Sends one request and collects the whole body. It uses undici's dispatch() with a small handler
   * rather than request(): no body stream per request, which halves undici's work in bulk runs.
   */
  send(req: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    // Ctrl-C aborts reads at once; a request that may change state is let finish, so it is never cut in half.
    const signal = req.retry.idempotent ? this.signal : undefined;
    return new Promise<HttpResponse>((resolve, reject) => {
      if (signal?.aborted) return reject(classify(new DOMException('aborted', 'AbortError'), req.url));
      const chunks: Buffer[] = [];
      let status = 0;
      let headers: Record<string, string> = {};
      let onAbort: (() => void) | undefined;
      const done = () => signal && onAbort && signal.removeEventListener('abort', onAbort);
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(controller) {
          if (!signal) return;
          onAbort = () => controller.abort(new DOMException('aborted', 'AbortError'));
          signal.addEventListener('abort', onAbort, { once: true });
        },
        onResponseStart(_controller, statusCode, raw) {
          status = statusCode;
          headers = {};
          for (const [name, value] of Object.entries(raw))
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          done();
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          resolve({
            status,
            headers,
            text: req.binary && status < 400 ? '' : body.toString('utf8'),
            bytes: req.binary ? body : undefined,
            durationMs: performance.now() - started,
          });
        },
        onResponseError(_controller, error) {
          done();
          reject(classify(error, req.url));
        },
      };
      this.agent.dispatch(
        {
          origin: req.url.origin,
          path: req.url.pathname + req.url.search,
          method: req.method,
          headers: req.headers,
          body: req.body,
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.timeoutMs,
        },
        handler,
      );
    });
  }

  /** Closes every pooled connection. */
  async close(): Promise<void> {
    await this.agent.close();
  }
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

function classify(error: unknown, url: URL): TransportError {
  const code = errorCode(error) ?? '';
  const detail = (error as Error)?.message || code;
  if ((error as Error)?.name === 'AbortError' || code === 'UND_ERR_ABORTED')
    return new TransportError('request aborted', 'aborted', url);
  // A TLS handshake that fails (certificate, protocol) ends before the request is written: nothing was sent.
  if (NOT_SENT.has(code) || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/.test(code))
    return new TransportError(`cannot connect to ${url.origin} (${code || detail})`, 'connect', url);
  if (TIMEOUTS.has(code)) return new TransportError(`no answer from ${url.origin} in time (${code})`, 'timeout', url);
  return new TransportError(`connection to ${url.origin} lost (${code || detail})`, 'lost', url);
}
