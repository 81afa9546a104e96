/** The inventory API's response envelope, and routes that require a valid bearer token. */
import type { Reply, Route, SandboxRequest } from '../http.js';
import type { OAuthServer } from '../oauth/server.js';
import type { User } from '../oauth/oauth-state.js';

export interface AuthedRequest extends SandboxRequest {
  user: User;
}

/** Wraps data in {status, code, httpCode, user, data}. */
export function envelope(user: User, data: unknown, code = 200): Reply {
  return { status: code, body: { status: 'success', code, httpCode: String(code), user: user.id, data } };
}

export type AuthedHandler = (req: AuthedRequest) => unknown | Promise<unknown>;

/** A route that checks the bearer token first (401 otherwise) and answers in the envelope. */
export function authed(oauth: OAuthServer, handler: AuthedHandler): Route {
  return async (req) => {
    const { user } = oauth.bearer(req);
    return envelope(user, await handler({ ...req, user }));
  };
}
