/** The inventory API's resource routes; every one needs a bearer token and answers in the envelope. */
import type { SandboxServer } from '../http.js';
import type { OAuthServer } from '../oauth/server.js';
import type { Account } from './account.js';
import { feedbackRoutes } from './routes/feedback.js';
import { itemLocationRoutes } from './routes/item-locations.js';
import { itemRoutes } from './routes/item-routes.js';
import { locationRoutes } from './routes/locations.js';
import { settingRoutes } from './routes/settings-routes.js';
import { authedRoute } from './routes/route-base.js';

/** Registers whoami, items, locations, itemLocations, feedback and settings. */
export function resourceRoutes(server: SandboxServer, oauth: OAuthServer, account: Account): void {
  const route = authedRoute(server, oauth);
  route('GET', '/v1/whoami', ({ user, origin }) => ({
    user: { id: user.id, email: user.email, name: user.name, username: user.username, link: `${origin}/v1/whoami` },
  }));
  for (const routes of [itemRoutes, locationRoutes, itemLocationRoutes, feedbackRoutes, settingRoutes])
    routes(route, account);
}
