/** The hook that adds the bearer token, and on a 401 refreshes once and sends the request again. */
import type { Hook } from '../http/http-types.js';
import type { TokenProvider } from './tokens.js';

/**
 * Adds `Authorization: Bearer` to `bearer` requests. A 401 means the request was not applied, so
 * sending it again after one refresh is safe even for requests that change inventory.
 */
export function bearerHook(tokens: TokenProvider): Hook {
  return async (req, next) => {
    if (req.auth !== 'bearer') return next(req);
    const token = await tokens.accessToken(req.url);
    const withToken = (t: string) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${t}` } });
    const res = await next(withToken(token));
    if (res.status !== 401 || tokens.source === 'INV_TOKEN') return res;
    return next(withToken(await tokens.refresh(token)));
  };
}
