/** The hook that signs research requests with a fresh key each attempt, and heals a skewed clock once. */
import type { Hook, HttpRequest, HttpResponse, Send } from '../http/http-types.js';
import { researchKey, signLegacyUrl } from './research-key.js';

export interface ResearchCredentials {
  clientId: string;
  secretKey: string;
  /** Seconds added to the current time in the key's timestamp. */
  keyOffset: number;
  /** Where the key travels: the Authorization header (bare) or the `key` query parameter. */
  keyIn: 'header' | 'query';
  /** Seconds the server's clock is ahead of ours, as measured before (0 if unknown). */
  clockSkew?: number;
}

export interface SkewOptions {
  /** Told once a retry on the server's time worked: the new skew in seconds. */
  onCorrected?: (skewS: number) => void | Promise<void>;
  /** Smallest difference, in seconds, worth a retry (default 60): below it the clock is not the problem. */
  minSkewS?: number;
}

/** The server's clock minus ours, in whole seconds, from the `timestamp` of a 401 body; undefined when absent. */
export function skewFromAnswer(res: Pick<HttpResponse, 'text'>, nowMs: number): number | undefined {
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return undefined;
  }
  const stamp = (body as { timestamp?: unknown } | null)?.timestamp;
  const serverMs = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
  return Number.isFinite(serverMs) ? Math.round((serverMs - nowMs) / 1000) : undefined;
}

/** Signs `research-key` requests (header or query) and `research-legacy` requests (ts + sig). */
export function researchAuthHook(
  creds: ResearchCredentials,
  now: () => number = Date.now,
  options: SkewOptions = {},
): Hook {
  let skew = creds.clockSkew ?? 0;
  const sign = (req: HttpRequest, skewS: number): HttpRequest => {
    const nowS = Math.floor(now() / 1000) + skewS;
    if (req.auth === 'research-legacy') return { ...req, url: signLegacyUrl(req.url, creds.secretKey, nowS) };
    const key = researchKey(creds.clientId, creds.secretKey, nowS + creds.keyOffset);
    if (creds.keyIn === 'query') {
      const url = new URL(req.url);
      url.searchParams.set('key', key);
      return { ...req, url };
    }
    return { ...req, headers: { ...req.headers, authorization: key } };
  };
  return async (req: HttpRequest, next: Send) => {
    if (req.auth !== 'research-key' && req.auth !== 'research-legacy') return next(req);
    const res = await next(sign(req, skew));
    if (res.status !== 401) return res;
    const measured = skewFromAnswer(res, now());
    if (measured === undefined || Math.abs(measured - skew) < (options.minSkewS ?? 60)) return res;
    const retried = await next(sign(req, measured));
    if (retried.status < 400 && skew !== measured) {
      skew = measured;
      await options.onCorrected?.(measured);
    }
    return retried;
  };
}
