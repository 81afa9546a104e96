/** The one place that talks to the network: node:http(s) keep-alive pools per origin, timeouts, errors classified. */
import { Agent, request, type IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { AnswerTooLargeError } from '../errors.js';
import { ConnectionSlots } from './connection-slots.js';
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
/** A new connection is given up after this long, or the request's timeout if shorter. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * After a stop (Ctrl-C, SIGTERM), a request that may change state is given this long to be answered, then cut off (it
 * may have been applied: its row is in doubt), so that a stop is honoured within a second whatever the server does.
 */
const STOP_GRACE_MS = 750;

/** Keep-alive pools (one per scheme, sockets per origin) shared by every client of one CLI run. */
export class Transport {
  private readonly http: Agent;
  private https?: Promise<HttpsAgent>;
  private readonly slots = new Map<string, ConnectionSlots>();
  constructor(
    private readonly options: TransportOptions,
    private readonly signal?: AbortSignal,
  ) {
    this.http = new Agent(this.agentOptions());
  }

  /** Sends one request and collects the whole body. */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    const agent = req.url.protocol === 'https:' ? await this.httpsAgent() : this.http;
    // Ctrl-C aborts reads at once; a request that may change state (or that records how a run ended) is given
    // STOP_GRACE_MS to be answered first.
    const grace =
      req.retry.idempotent && !req.finishing
        ? { signal: this.signal, dispose: () => undefined }
        : graceAfter(this.signal, STOP_GRACE_MS);
    const { signal } = grace;
    try {
      // A request waits for a connection of its origin here, as a promise, rather than in the Agent's queue as a
      // whole request: a bulk run keeps fewer, smaller objects alive (scout --file's peak memory, bench/scout.mjs).
      const slots = this.slotsOf(req.url.origin);
      if (!(await slots.take(signal))) throw new TransportError('stopped before it was sent', 'unsent', req.url);
      try {
        if (signal?.aborted) throw new TransportError('stopped before it was sent', 'unsent', req.url);
        return await this.exchange(req, agent, started, signal);
      } finally {
        slots.give();
      }
    } finally {
      grace.dispose();
    }
  }

  private exchange(req: HttpRequest, agent: Agent, started: number, signal?: AbortSignal): Promise<HttpResponse> {
    return new Promise<HttpResponse>((resolve, reject) => {
      const out = request({ ...urlToHttpOptions(req.url), method: req.method, headers: req.headers, agent });
      let answered = false;
      let connectTimer: NodeJS.Timeout | undefined;
      // Once connected, the socket's own idle timer (refreshed by every read and write, no timer of our own per
      // request): waiting for the headers, then between two pieces of the body.
      out.setTimeout(this.options.timeoutMs, () =>
        out.destroy(deadline(answered ? 'BODY_TIMEOUT' : 'HEADERS_TIMEOUT')),
      );
      const onAbort = () => out.destroy(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => {
        clearTimeout(connectTimer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (error: unknown) => {
        settle();
        reject(classify(error, req.url));
      };
      out.on('error', fail);
      out.on('socket', (socket) => {
        if (!socket.connecting) return;
        // Connecting (TCP, and TLS for https: nothing is sent before it ends) has a deadline of its own, which ends
        // before the idle timer could; the Agent's idle limit is for pooled sockets.
        socket.setTimeout(0);
        const ms = Math.min(this.options.timeoutMs, CONNECT_TIMEOUT_MS);
        connectTimer = setTimeout(() => out.destroy(deadline('CONNECT_TIMEOUT')), ms);
        socket.once(req.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      out.on('response', (res: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (req.maxBytes !== undefined && length > req.maxBytes) {
            settle();
            out.destroy();
            reject(new AnswerTooLargeError(`${req.operation}: the answer is over ${req.maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          settle();
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
    (await this.https)?.destroy();
  }

  private slotsOf(origin: string): ConnectionSlots {
    let slots = this.slots.get(origin);
    if (!slots) this.slots.set(origin, (slots = new ConnectionSlots(this.options.connections ?? 16)));
    return slots;
  }

  private agentOptions() {
    // An idle pooled socket is closed after 4 s, or 1 s before the server's Keep-Alive hint if that is sooner (Node
    // reads the hint only against a timeout of its own): a request is not sent on a socket the server is closing.
    return { keepAlive: true, maxSockets: this.options.connections ?? 16, timeout: 4_000 };
  }

  /** The https pool, made once however many first requests ask for it at the same time. */
  private httpsAgent(): Promise<HttpsAgent> {
    this.https ??= import('node:https').then((https) => new https.Agent(this.agentOptions()));
    return this.https;
  }
}

/** A deadline that passed, as the error that ends the request. */
function deadline(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/** A signal that aborts `ms` after `signal` does, and its disposal once the request ended (no listener left behind). */
function graceAfter(signal: AbortSignal | undefined, ms: number): { signal?: AbortSignal; dispose(): void } {
  if (!signal) return { dispose: () => undefined };
  const later = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const start = () => (timer = setTimeout(() => later.abort(), ms).unref());
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return {
    signal: later.signal,
    dispose: () => {
      signal.removeEventListener('abort', start);
      clearTimeout(timer);
    },
  };
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
