/** Removes secrets from URLs and headers before they are logged. */

const SECRET_PARAMS = new Set([
  'key',
  'sig',
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'password',
  'client_secret',
  'code_verifier',
  'secret',
]);
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

export const REDACTED = '[redacted]';

/** The URL with the values of secret-bearing query parameters replaced. */
export function redactUrl(url: URL | string): string {
  const copy = new URL(String(url));
  for (const name of [...copy.searchParams.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) copy.searchParams.set(name, REDACTED);
  }
  if (copy.password) copy.password = REDACTED;
  return copy.href.replaceAll(encodeURIComponent(REDACTED), REDACTED);
}

/** The headers with secret-bearing values replaced. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}

/** A form or query string with secret-bearing values replaced. */
export function redactForm(body: string): string {
  const params = new URLSearchParams(body);
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) params.set(name, REDACTED);
  }
  return params.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
}
