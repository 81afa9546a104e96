/** The one place that talks to undici: a keep-alive pool per origin, timeouts, and transport errors classified. */
import { Agent, request } from 'undici';
import { TransportError, type HttpRequest, type HttpResponse } from './types.js';

export interface TransportOptions {
  /** Time allowed for headers and for the body, each. */
  timeoutMs: number;
  /** Sockets per origin. */
  connections?: number;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'EADDRNOTAVAIL']);
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

  /** Sends one request and reads the whole body as text. */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    try {
      const res = await request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        dispatcher: this.agent,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        // Ctrl-C aborts reads at once; a request that may change state is let finish, so it is never cut in half.
        signal: req.retry.idempotent ? this.signal : undefined,
      });
      const bytes = req.binary ? Buffer.from(await res.body.arrayBuffer()) : undefined;
      const text = bytes ? '' : await res.body.text();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return { status: res.statusCode, headers, text, bytes, durationMs: performance.now() - started };
    } catch (error) {
      throw classify(error, req.url);
    }
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
  if ((error as Error)?.name === 'AbortError' || code === 'UND_ERR_ABORTED') return new TransportError('request aborted', 'aborted', url);
  if (NOT_SENT.has(code)) return new TransportError(`cannot connect to ${url.origin} (${code || detail})`, 'connect', url);
  if (TIMEOUTS.has(code)) return new TransportError(`no answer from ${url.origin} in time (${code})`, 'timeout', url);
  return new TransportError(`connection to ${url.origin} lost (${code || detail})`, 'lost', url);
}
