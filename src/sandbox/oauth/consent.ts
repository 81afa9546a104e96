/** CSRF protection of the consent form: a single-use token in the form and in a cookie, and the Origin check. */
import type { SandboxRequest } from '../http.js';
import { randomToken, same } from './state.js';

export const CSRF_FIELD = 'csrf_token';
const COOKIE = 'inv_sandbox_csrf';
const LIFETIME_MS = 15 * 60_000;

/** Headers that keep the consent page out of frames (clickjacking) and its answers out of caches. */
export const PAGE_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'same-origin',
};

function cookieOf(req: SandboxRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

export class ConsentGuard {
  private readonly issued = new Map<string, number>();

  /** A fresh token for one rendering of the form, and the cookie that carries it. */
  issue(): { token: string; setCookie: string } {
    const now = Date.now();
    for (const [token, expires] of this.issued) if (expires < now) this.issued.delete(token);
    const token = randomToken(24);
    this.issued.set(token, now + LIFETIME_MS);
    return { token, setCookie: `${COOKIE}=${token}; Path=/oauth2/auth; HttpOnly; SameSite=Strict; Max-Age=${LIFETIME_MS / 1000}` };
  }

  /** Why a form post must be refused (foreign Origin, cross-site fetch, missing or unknown token), or undefined. Consumes the token. */
  refusal(req: SandboxRequest, form: Record<string, string | undefined>): string | undefined {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== req.origin) return `the form was posted from another origin (${origin})`;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'the form was posted from another site';
    const token = form[CSRF_FIELD] ?? '';
    const cookie = cookieOf(req) ?? '';
    const expires = this.issued.get(token);
    if (!token || !same(token, cookie) || expires === undefined || expires < Date.now()) {
      return 'the form has expired or did not come from this page: open the sign-in page again';
    }
    this.issued.delete(token);
    return undefined;
  }
}
