/**
 * Checks of research answers before use: the live service can answer 2xx with `{"Error": …}` or with
 * nothing but `timestamp` and `requestId`, so every answer is checked for the payload its operation promises.
 */
import { ApiError } from '../errors.js';

/** What an operation's answer must hold: a name for messages and a test. */
export interface Payload {
  what: string;
  present(body: Record<string, unknown>): boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The payload of each research operation. */
export const PAYLOADS = {
  offers: { what: 'offers', present: (b) => isObject(b.offers) },
  search: {
    what: 'searchCatalogs.result',
    present: (b) =>
      isObject(b.searchCatalogs) && b.searchCatalogs.result !== undefined && b.searchCatalogs.result !== null,
  },
  fees: {
    what: 'fees data (data.mfnFees, data.fbaFees)',
    present: (b) => isObject(b.data) && isObject(b.data.mfnFees) && isObject(b.data.fbaFees),
  },
  itemLookup: { what: 'ItemLookupResponse', present: (b) => isObject(b.ItemLookupResponse) },
  itemSearch: { what: 'ItemSearchResponse', present: (b) => isObject(b.ItemSearchResponse) },
  categories: { what: 'categoryMappings', present: (b) => Array.isArray(b.categoryMappings) },
  category: { what: 'category', present: (b) => typeof b.category === 'string' },
} satisfies Record<string, Payload>;

const HINT = 'the service answered without data; try again in a moment (run with --verbose to see the answer)';

/** The body if it holds the payload; else an ApiError with the server's `Error` message or naming what is missing. */
export function checkPayload<T>(operation: string, status: number, body: unknown, payload: Payload): T {
  const where = `research API (${operation})`;
  if (!isObject(body))
    throw new ApiError(
      `${where} answered ${status} with ${Array.isArray(body) ? 'a list' : 'no object'} instead of ${payload.what}`,
      status,
      HINT,
    );
  if (body.Error !== undefined && body.Error !== null && body.Error !== '') {
    throw new ApiError(
      `${where} answered ${status} with an error: ${typeof body.Error === 'string' ? body.Error : JSON.stringify(body.Error)}`,
      status,
    );
  }
  if (!payload.present(body)) {
    const keys = Object.keys(body);
    const only = keys.length ? `it holds only ${keys.join(', ')}` : 'it is empty';
    throw new ApiError(`${where} answered ${status} without ${payload.what} (${only})`, status, HINT);
  }
  return body as T;
}

/** The same checks for the PHP-serialized (sphp) format, which is printed as it came. */
export function checkSerializedPayload(operation: string, status: number, text: string): string {
  const where = `research API (${operation})`;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let body: unknown;
    try {
      body = JSON.parse(trimmed);
    } catch {
      return text;
    }
    checkPayload(operation, status, body, PAYLOADS.offers);
    return text;
  }
  const error = /s:5:"Error";s:\d+:"((?:[^"\\]|\\.)*)";/.exec(text);
  if (error) throw new ApiError(`${where} answered ${status} with an error: ${error[1]}`, status);
  if (!text.includes('s:6:"offers";')) throw new ApiError(`${where} answered ${status} without offers`, status, HINT);
  return text;
}
