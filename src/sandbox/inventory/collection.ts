/** The collection envelope: offset/limit paging with absolute prev/next/first/last links. */
import { HttpFail, type SandboxRequest } from '../http.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

function queryInt(req: SandboxRequest, name: string, fallback: number, min: number, max: number): number {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new HttpFail(400, `${name} must be a whole number (got "${raw}")`);
  const n = Number(raw);
  if (n < min || n > max) throw new HttpFail(400, `${name} must be from ${min} to ${max} (got ${raw})`);
  return n;
}

/** One page of `keys` (already ordered and filtered), as the collection envelope. */
export function collection<T>(
  req: SandboxRequest,
  keys: readonly string[],
  record: (key: string) => T,
  arrayName: string,
  extraQuery = '',
) {
  const offset = queryInt(req, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = queryInt(req, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const count = keys.length;
  const link = (at: number) => `${req.origin}${req.path}?offset=${at}&limit=${limit}${extraQuery}`;
  const lastOffset = count === 0 ? 0 : Math.floor((count - 1) / limit) * limit;
  return {
    offset,
    limit,
    count: String(count),
    prev: offset > 0 ? link(Math.max(0, offset - limit)) : '',
    next: offset + limit < count ? link(offset + limit) : '',
    first: link(0),
    last: link(lastOffset),
    pages: Math.ceil(count / limit),
    [arrayName]: keys.slice(offset, offset + limit).map(record),
  };
}
