/** The inventory API's routes (so far: the current user). */
import type { SandboxServer } from '../http.js';
import type { OAuthServer } from '../oauth/server.js';
import { authed } from './envelope.js';

/** Registers the inventory endpoints; every one needs a bearer token. */
export function inventoryRoutes(server: SandboxServer, oauth: OAuthServer): void {
  server.route('GET', '/v1/whoami', authed(oauth, ({ user, origin }) => ({
    user: { id: user.id, email: user.email, name: user.name, username: user.username, link: `${origin}/v1/whoami` },
  })));
}
