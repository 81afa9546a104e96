/** What the resource route modules share: the authed route registrar and body parsing. */
import type { z } from 'zod';
import { check } from '../../../api/rules.js';
import { HttpFail } from '../../http.js';
import type { AuthedHandler } from '../envelope.js';

/** Registers an authed route of the inventory API. */
export type Route = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: AuthedHandler) => void;

/** Parses a request body with a schema; a 400 naming the field otherwise. */
export function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = check(schema, body);
  if (!result.ok) throw new HttpFail(400, result.problem);
  return result.data;
}
