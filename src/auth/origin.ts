/** Where credentials may go: only to the origin they were issued for, and never over plain http beyond loopback. */
import { AuthError, UsageError } from '../errors.js';
import type { AuthScheme, Hook } from '../http/http-types.js';

/** Whether a host name is loopback: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Throws (exit 2) when `what` would travel over plain http to a host that is not loopback. */
export function requireSecureTransport(url: URL, what: string): void {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return;
  throw new UsageError(
    `refusing to send ${what} to ${url.origin}: plain http is allowed only to loopback (127.0.0.0/8, ::1, localhost)`,
    `use https://${url.host}${url.pathname === '/' ? '' : url.pathname}`,
  );
}

export interface Binding {
  /** The origin the credential was issued for; undefined: given for this call (unbound); null: stored with no origin (sent nowhere). */
  origin?: string | null;
  /** What it is, for messages: "the access token of profile \"default\"". */
  what: string;
  profile: string;
  /** The setting that names the server: baseUrl, authUrl or researchUrl. */
  setting: 'baseUrl' | 'authUrl' | 'researchUrl';
}

/** Throws (exit 4) before `url` is sent a credential issued for another origin; names both and how to use the other server. */
export function requireBoundOrigin(url: URL, binding: Binding): void {
  if (binding.origin === null) {
    const key = binding.setting === 'researchUrl' ? 'research.secretKey' : 'clientSecret';
    throw new AuthError(
      `refusing to send ${binding.what} to ${url.origin}: it was stored with no origin to bind it to`,
      `store it again for the server it belongs to: inv --profile ${binding.profile} config set ${key} --stdin --for URL`,
    );
  }
  if (binding.origin === undefined || binding.origin === url.origin) return;
  const login = binding.setting === 'researchUrl' ? 'research login' : 'login';
  throw new AuthError(
    `refusing to send ${binding.what} to ${url.origin}: it was issued for ${binding.origin}`,
    `to use ${url.origin}, log in for it in a profile of its own: ` +
      `inv --profile NAME config set ${binding.setting} ${url.origin}, then inv --profile NAME ${login}`,
  );
}

/** A hook that refuses requests of `schemes` to plain-http non-loopback hosts and to origins other than the bound one. */
export function credentialGuard(schemes: readonly AuthScheme[], binding: () => Binding): Hook {
  return (req, next) => {
    if (!schemes.includes(req.auth)) return next(req);
    const b = binding();
    requireSecureTransport(req.url, b.what);
    requireBoundOrigin(req.url, b);
    return next(req);
  };
}
