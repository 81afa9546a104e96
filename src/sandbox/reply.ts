/** The vocabulary of the sandbox's HTTP servers: a request as routes see it, a reply, and a failure with its status. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SandboxRequest {
  method: string;
  path: string;
  /** The request target as received (path and query), for signature checks. */
  rawUrl: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  params: Record<string, string>;
  body: unknown;
  /** The origin this server was started at, e.g. http://127.0.0.1:4010 (never taken from the request's Host). */
  origin: string;
}

export interface RouteOptions {
  /** The body may be form-encoded (the OAuth endpoints); every other route takes JSON only (415 otherwise). */
  form?: boolean;
}

export interface ServerOptions {
  /** Lets /_sandbox/* answer requests from beyond loopback that carry it in X-Sandbox-Admin-Token. */
  adminToken?: string;
  /** Where a handler's failure is logged (default: stderr). */
  log?: (line: string) => void;
  /** The body of a "no-payload" fault: what this API puts in every answer besides its payload (default {}). */
  payloadless?: () => unknown;
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

/** A gate before a request is read (a rate limiter): throws HttpFail to refuse it, or returns headers for its answer. */
export type Admit = (req: IncomingMessage, path: string) => Record<string, string> | undefined;

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

/** Writes `reply` to `res`: its status, content type and length, headers and content (JSON unless text or raw). */
export function sendReply(res: ServerResponse, reply: Reply): void {
  const status = reply.status ?? 200;
  // Encoded once, here: a string would be read once for its length and again to be sent.
  const content = reply.raw ?? Buffer.from(reply.text ?? JSON.stringify(reply.body ?? null));
  res.writeHead(status, {
    'content-type': reply.contentType ?? 'application/json; charset=utf-8',
    'content-length': content.length,
    ...reply.headers,
  });
  res.end(content);
}
