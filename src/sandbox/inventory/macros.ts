/** The macros: doMoveItem, fbaCreateInboundShipmentPlan and doSendToFBA, plus the sandbox's shipment controls. */
import type { SandboxServer } from '../http.js';
import type { OAuthServer } from '../oauth/server.js';
import { fbaRoutes, shipmentControls } from '../fba/routes.js';
import type { Account } from './account.js';
import { authed } from './envelope.js';
import { moveRoutes } from './moves.js';
import type { Route } from './routes/shared.js';

/** Registers the macros and the sandbox's shipment controls. */
export function macroRoutes(server: SandboxServer, oauth: OAuthServer, account: Account): void {
  const route: Route = (method, path, handler) => server.route(method, path, authed(oauth, handler));
  moveRoutes(route, account);
  fbaRoutes(route, account);
  shipmentControls(server, account);
}
