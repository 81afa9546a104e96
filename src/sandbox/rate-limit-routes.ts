/** The inventory server's rate limiter: its gate before every API request, and /_sandbox/rate-limit to set it at run time. */
import type { IncomingMessage } from 'node:http';
import { HttpFail, type SandboxServer } from './http.js';
import type { OAuthServer } from './oauth/server.js';
import { parseRateLimit, type RateLimiter } from './rate-limit.js';

/** The bucket a request draws from: its bearer token's account, else one per remote address. */
function bucketOf(req: IncomingMessage, oauth: OAuthServer): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (match) {
    try {
      return `account:${oauth.tokenInfo(match[1]!).userId}`;
    } catch {
      // not a valid token: the request shares its address's bucket
    }
  }
  return `address:${req.socket.remoteAddress ?? ''}`;
}

/** Puts `limiter` in front of `server`'s API requests (the OAuth endpoints excepted) and adds its control routes. */
export function rateLimitRoutes(server: SandboxServer, limiter: RateLimiter, oauth: OAuthServer): void {
  server.admit = (req, path) => {
    if (path.startsWith('/oauth2/')) return undefined;
    const limit = limiter.settings;
    if (!limit) {
      limiter.take('');
      return undefined;
    }
    const verdict = limiter.take(bucketOf(req, oauth));
    const headers: Record<string, string> = limit.headers ? { 'x-amzn-RateLimit-Limit': String(limit.rate) } : {};
    if (verdict.ok) return headers;
    if (limit.retryAfter) headers['retry-after'] = String(verdict.retryAfterS);
    throw new HttpFail(429, limiter.message(), headers);
  };
  server.route('PUT', '/_sandbox/rate-limit', ({ body }) => {
    limiter.set(parseRateLimit(body));
    return { body: limiter.snapshot() };
  });
  server.route('DELETE', '/_sandbox/rate-limit', () => {
    limiter.set(undefined);
    return { body: limiter.snapshot() };
  });
  server.route('GET', '/_sandbox/rate-limit', () => ({ body: limiter.snapshot() }));
}
