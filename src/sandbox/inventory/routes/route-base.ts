/** What the resource route modules share: the authed route registrar and body parsing. */
import type { z } from 'zod';
import { check } from '../../../api/rules.js';
import { HttpFail, type SandboxServer } from '../../http.js';
import type { OAuthServer } from '../../oauth/server.js';
import { authed, type AuthedHandler } from '../envelope.js';

/** Registers an authed route of the inventory API. */
export type AddRoute = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: AuthedHandler) => void;

/** The registrar of authed routes on `server`: each checks the bearer token with `oauth` and answers in the envelope. */
export function authedRoute(server: SandboxServer, oauth: OAuthServer): AddRoute {
  return (method, path, handler) => server.route(method, path, authed(oauth, handler));
}

/** Parses a request body with a schema; a 400 naming the field otherwise. */
export function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = check(schema, body);
  if (!result.ok) throw new HttpFail(400, result.problem);
  return result.data;
}
