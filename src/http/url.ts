/** Joining a configured base address and an API path; the origin of an address, and a server's one spelling. */

/** `base` (which may carry a path prefix, e.g. https://host/api) with `path` appended and `query` set. */
export function apiUrl(base: string, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/** The origin of a URL, or undefined for a missing or unparsable one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A server's address as one string whatever its spelling: case, default port, and every name of the loopback host. */
export function serverKey(origin: string): string {
  try {
    const url = new URL(origin);
    const host = LOOPBACK.has(url.hostname.toLowerCase()) ? 'loopback' : url.hostname.toLowerCase();
    return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return origin;
  }
}
