/** What a request to the sandbox may carry: each query parameter once, whole numbers within 2^53-1, a body up to 1 MiB. */
import type { IncomingMessage } from 'node:http';
import { MAX_DEPTH, nestsDeeper } from './json-depth.js';
import { HttpFail } from './reply.js';

const MAX_BODY = 1 << 20;

/** Each query parameter at most once, and whole numbers within 2^53-1. */
export function checkQuery(query: URLSearchParams): void {
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    if (values.length > 1)
      throw new HttpFail(400, `query parameter "${name}" is given ${values.length} times; give it once`);
    if (
      /^[+-]?\d+$/.test(values[0]!) &&
      values[0]!.replace(/^[+-]?0*/, '').length > 15 &&
      !Number.isSafeInteger(Number(values[0]))
    ) {
      throw new HttpFail(400, `${name}: ${values[0]} is beyond the largest whole number allowed (9007199254740991)`);
    }
  }
}

/** Throws a 400 for a number in a JSON body that is a whole number beyond 2^53-1 (it would lose its last digits). */
function checkNumbers(value: unknown, path = 'body'): void {
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new HttpFail(400, `${path}: ${value} is beyond the largest whole number allowed (9007199254740991)`);
  }
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) checkNumbers(v, `${path}.${k}`);
}

/** The body of `req`: undefined when empty, form fields on a `form` route, else JSON within the limits above. */
export async function readBody(req: IncomingMessage, form: boolean): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpFail(413, 'request body larger than 1 MiB');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (form && type === 'application/x-www-form-urlencoded') {
    const params = new URLSearchParams(text);
    for (const name of new Set(params.keys()))
      if (params.getAll(name).length > 1) throw new HttpFail(400, `form field "${name}" is given more than once`);
    return Object.fromEntries(params);
  }
  if (type !== 'application/json' && !type.endsWith('+json')) {
    const accepted = form ? 'application/json or application/x-www-form-urlencoded' : 'application/json';
    throw new HttpFail(415, `send the body as JSON (Content-Type: ${accepted}), not "${type || 'no content type'}"`);
  }
  if (nestsDeeper(text)) throw new HttpFail(400, `request body nests deeper than ${MAX_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpFail(400, 'request body is not valid JSON');
  }
  checkNumbers(parsed);
  return parsed;
}
