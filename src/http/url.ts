/** Joining a configured base address and an API path; the origin of an address. */

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
