/** The one request core: a chain of hooks around the transport, with JSON helpers. */
import { ApiError } from '../errors.js';
import type { Hook, HttpRequest, HttpResponse, Send } from './http-types.js';

export class HttpCore {
  private readonly chain: Send;

  /** Hooks run outermost first; the last one calls `send`. */
  constructor(send: Send, hooks: readonly Hook[]) {
    this.chain = hooks.reduceRight<Send>((next, hook) => (req) => hook(req, next), send);
  }

  /** Sends a request through every hook. */
  request(req: HttpRequest): Promise<HttpResponse> {
    return this.chain(req);
  }

  /** Sends a request and parses its JSON body. */
  async json<T>(req: HttpRequest): Promise<T> {
    const res = await this.request(req);
    return parseJson<T>(res, req);
  }
}

/** Parses a response body as JSON, with an error naming the operation when it is not. */
export function parseJson<T>(res: HttpResponse, req: HttpRequest): T {
  try {
    return JSON.parse(res.text) as T;
  } catch {
    const start = res.text.slice(0, 80).replace(/\s+/g, ' ');
    throw new ApiError(`${req.operation}: the answer is not JSON (HTTP ${res.status}, starts "${start}")`, res.status);
  }
}
