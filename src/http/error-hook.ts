/** Turns error statuses and transport failures into the typed errors of src/errors.ts (docs/decisions.md, 5. Error bodies). */
import {
  ApiError,
  AuthError,
  ConnectionError,
  InDoubtError,
  InterruptedError,
  NotFoundError,
  RateLimitError,
  StoppedBeforeSendingError,
} from '../errors.js';
import { parseRetryAfter } from './retry.js';
import { TransportError, type Hook, type HttpRequest, type HttpResponse } from './http-types.js';

export interface ErrorHookOptions {
  /** Name of the API in messages, e.g. "research API". */
  api: string;
  /** What to do when credentials are rejected. */
  authHint: string;
  /** Statuses that mean "credentials rejected" (default 401 and 403; the OAuth token endpoint adds 400). */
  authStatuses?: readonly number[];
}

/** The message an API put in its error body: message, error_description, error or Error; else the status line. */
export function errorMessage(res: Pick<HttpResponse, 'status' | 'text'>): string {
  try {
    const body = JSON.parse(res.text) as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'Error']) {
      const value = body?.[key];
      if (typeof value === 'string' && value) return value;
    }
  } catch {
    // not JSON: fall through to the status line
  }
  return `HTTP ${res.status}${STATUS_TEXT[res.status] ? ' ' + STATUS_TEXT[res.status] : ''}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The typed error for an error response. */
export function errorForResponse(options: ErrorHookOptions, req: HttpRequest, res: HttpResponse): Error {
  const message = errorMessage(res);
  const where = `${options.api} (${req.operation})`;
  if ((options.authStatuses ?? [401, 403]).includes(res.status)) {
    return new AuthError(`${where} rejected the credentials: ${message}`, options.authHint);
  }
  if (res.status === 404) return new NotFoundError(`${where}: not found: ${message}`);
  if (res.status === 429) {
    const wait = parseRetryAfter(res.headers['retry-after']);
    const after = wait === undefined ? '' : ` (the API asks to wait ${Math.ceil(wait / 1000)} s)`;
    // A 429 is answered before anything is done: the request was not carried out.
    return new RateLimitError(
      `${where}: rate limited after ${res.attempts ?? 1} attempt(s)${after}, not done`,
      'run the command again later, or give a longer --wait (how long 429s are waited out)',
    );
  }
  const tries = (res.attempts ?? 1) > 1 ? ` after ${res.attempts} attempts` : '';
  // A gateway or a failing backend can answer 5xx after the change was made: for a request that is
  // sent once, a server error says nothing about whether it was applied.
  if (res.status >= 500 && !req.retry.idempotent) {
    return new InDoubtError(
      `${where} answered ${res.status}: ${message}; it may or may not have been applied`,
      'check the current state before sending it again',
    );
  }
  return new ApiError(`${where} answered ${res.status}${tries}: ${message}`, res.status);
}

/** A hook that throws typed errors for 4xx/5xx answers and for transport failures. */
export function errorHook(options: ErrorHookOptions): Hook {
  return async (req, next) => {
    let res: HttpResponse;
    try {
      res = await next(req);
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      if (error.kind === 'unsent') throw new StoppedBeforeSendingError();
      if (error.kind === 'aborted') throw new InterruptedError();
      if (error.kind === 'connect') {
        throw new ConnectionError(
          `${options.api}: ${error.message}`,
          `is the service running at ${error.url.origin}? Check the URL with \`inv config list\``,
        );
      }
      if (req.retry.idempotent) throw new ConnectionError(`${options.api} (${req.operation}): ${error.message}`);
      throw new InDoubtError(
        `${options.api} (${req.operation}): ${error.message} after the request was sent; it may or may not have been applied`,
        'check the current state before sending it again',
      );
    }
    if (res.status >= 400) {
      const error = errorForResponse(options, req, res);
      if (req.acceptErrors) return { ...res, error };
      throw error;
    }
    return res;
  };
}
