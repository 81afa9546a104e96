/**
 * CSRF protection of the consent form: a single-use token in the form and in a cookie, bound to the authorization
 * request it was rendered for, and the Origin check. Pending tokens are capped per client (oldest forgotten first).
 */
import type { SandboxRequest } from '../http.js';
import { randomToken, same } from './oauth-state.js';

export const CSRF_FIELD = 'csrf_token';
const COOKIE = 'inv_sandbox_csrf';
const LIFETIME_MS = 15 * 60_000;
/** Consent pages open at once per client; page views need no login, so memory must not grow with them. */
export const PENDING_PER_CLIENT = 256;

/** What a token is bound to: the authorization request's client, redirect URI, state and challenge. */
export interface ConsentRequest {
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  code_challenge?: string;
  response_type?: string;
  scope?: string;
}

const boundTo = (r: ConsentRequest) =>
  JSON.stringify([r.client_id, r.redirect_uri, r.state, r.code_challenge, r.response_type, r.scope]);

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
  /** Per client, token to what it is bound to and when it expires; a Map keeps insertion order, oldest first. */
  private readonly issued = new Map<string, Map<string, { request: string; expires: number }>>();

  /** A fresh token for one rendering of the form for `request`, and the cookie that carries it. */
  issue(request: ConsentRequest): { token: string; setCookie: string } {
    const now = Date.now();
    const client = request.client_id ?? '';
    const pending = this.issued.get(client) ?? new Map<string, { request: string; expires: number }>();
    this.issued.set(client, pending);
    for (const [token, { expires }] of pending) if (expires < now) pending.delete(token);
    while (pending.size >= PENDING_PER_CLIENT) pending.delete(pending.keys().next().value!);
    const token = randomToken(24);
    pending.set(token, { request: boundTo(request), expires: now + LIFETIME_MS });
    return {
      token,
      setCookie: `${COOKIE}=${token}; Path=/oauth2/auth; HttpOnly; SameSite=Strict; Max-Age=${LIFETIME_MS / 1000}`,
    };
  }

  /**
   * Why a form post must be refused (foreign Origin, cross-site fetch, missing or unknown token, a token of another
   * authorization request), or undefined. Consumes the token.
   */
  refusal(req: SandboxRequest, form: Record<string, string | undefined>): string | undefined {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== req.origin) return `the form was posted from another origin (${origin})`;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'the form was posted from another site';
    const token = form[CSRF_FIELD] ?? '';
    const cookie = cookieOf(req) ?? '';
    const pending = this.issued.get(form.client_id ?? '');
    const entry = pending?.get(token);
    if (!token || !same(token, cookie) || entry === undefined || entry.expires < Date.now()) {
      return 'the form has expired or did not come from this page: open the sign-in page again';
    }
    pending!.delete(token);
    if (entry.request !== boundTo(form))
      return 'the form was issued for another authorization request: open the sign-in page again';
    return undefined;
  }
}
