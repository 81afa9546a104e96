/** Shapes shared by the HTTP core and its hooks. */
import type { RetryPolicy } from './retry.js';

/** Which authentication a request needs; the matching hook adds it. */
export type AuthScheme = 'none' | 'bearer' | 'research-key' | 'research-legacy';

export interface HttpRequest {
  /** Short name of the operation, for logs and error messages. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  retry: RetryPolicy;
  auth: AuthScheme;
  /** Return error answers instead of throwing (the typed error rides along on the response). */
  acceptErrors?: boolean;
  /** Keep the body as bytes (images); `text` stays empty. */
  binary?: boolean;
  /** An answer longer than this many bytes is refused unread (AnswerTooLargeError): a value read as data from elsewhere. */
  maxBytes?: number;
  /** On a stop, finish within the grace a change is given rather than at once (a batch's record of how it ended). */
  finishing?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  durationMs: number;
  /** How many attempts it took, set by the retry hook. */
  attempts?: number;
  /** With `acceptErrors`: the typed error the answer would have thrown. */
  error?: Error;
  /** The body, for `binary` requests. */
  bytes?: Buffer;
}

export type Send = (request: HttpRequest) => Promise<HttpResponse>;

/** A hook wraps the rest of the chain: it may change the request, retry, or turn the response into an error. */
export type Hook = (request: HttpRequest, next: Send) => Promise<HttpResponse>;

/**
 * Transport failures: whether the request may have reached the server decides retry and "in doubt". `unsent`: stopped
 * (Ctrl-C, SIGTERM) while waiting to send it, so it never left; `aborted`: stopped while it was under way.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly kind: 'connect' | 'lost' | 'timeout' | 'aborted' | 'unsent',
    readonly url: URL,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
