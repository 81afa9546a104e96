/** startSandbox(): the local Inventory, OAuth and Product Research service, for the demo, tests and rehearsals. */
import { randomBytes } from 'node:crypto';
import { AUTHORIZATION_CODE_LIFETIME_S } from '../api/constants.js';
import { SandboxServer } from './http.js';
import { labelRoutes } from './fba/fnsku-label.js';
import { fbaRoutes, shipmentControls } from './fba/fba-routes.js';
import { Account } from './inventory/account.js';
import { moveRoutes } from './inventory/moves.js';
import { resourceRoutes } from './inventory/resources.js';
import { authedRoute } from './inventory/routes/route-base.js';
import { addBulkItems, demoInventory } from './inventory/demo-inventory.js';
import { emptyInventory, upgradeInventory, type InventoryState } from './inventory/inventory-state.js';
import { oauthRoutes } from './oauth/oauth-routes.js';
import { OAuthServer } from './oauth/server.js';
import {
  checkPasswordCost,
  initialOAuthState,
  PASSWORD_COST,
  upgradeOAuthState,
  type OAuthState,
} from './oauth/oauth-state.js';
import type { IssuedSecrets } from './oauth/server.js';
import type { TokenEndpoint } from './oauth/grants.js';
import { answerMeta, offsetClock } from './research/clock.js';
import { researchErrorBody, researchRoutes, type ResearchState } from './research/research-routes.js';
import { defaultBurst, RateLimiter, type RateLimitSettings } from './rate-limit.js';
import { rateLimitRoutes } from './rate-limit-routes.js';
import { StateStore } from './state-file.js';

export interface SandboxOptions {
  host?: string;
  /** Inventory + OAuth port; 0 picks a free one. */
  port?: number;
  /** Research port; defaults to port + 1, or a free one when port is 0. */
  researchPort?: number;
  /** JSON file holding the state across restarts; memory only when absent. */
  data?: string;
  seed?: 'demo' | 'empty';
  latencyMs?: number;
  /** Up to this many milliseconds added to each request's latency (tests that need answers out of order). */
  latencyJitterMs?: number;
  failRate?: number;
  failStatus?: number;
  retryAfter?: number;
  dropRate?: number;
  /** Access token lifetime in seconds (default 3600). */
  accessTokenTtlS?: number;
  /** Authorization code lifetime in milliseconds (default: the API's, AUTHORIZATION_CODE_LIFETIME_S). */
  codeTtlMs?: number;
  /** scrypt's cost N for the passwords it hashes: a power of two up to the default, PASSWORD_COST (16384). */
  passwordCost?: number;
  /** Generated items added to a new state (for benchmarks of long listings). */
  bulkItems?: number;
  /** Seconds the research API's clock is ahead of the real one (negative: behind), to rehearse clock skew. */
  clockOffsetS?: number;
  /** Lets /_sandbox/* answer clients beyond loopback that send it in X-Sandbox-Admin-Token. */
  adminToken?: string;
  /** Inventory API requests per second per account (a token bucket; absent or 0: unlimited). */
  rateLimit?: number;
  /** The bucket's size (default max(1, ceil(rateLimit / 10))). */
  burst?: number;
  /** Send Retry-After with the limiter's 429s (default true). */
  retryAfterHeader?: boolean;
  /** Send x-amzn-RateLimit-Limit with every inventory answer while limited (default false). */
  rateHeaders?: boolean;
}

export interface SandboxState {
  version: 1;
  research: ResearchState;
  oauth: OAuthState;
  inventory: InventoryState;
}

/** Sandbox-only credentials: the research key, the inv OAuth client, a second client and the demo user. */
export interface SandboxCredentials {
  research: ResearchState['account'];
  oauth: { clientId: string; clientSecret: string; username: string; password: string; email: string };
  partner: { clientId: string; clientSecret: string };
}

export interface Sandbox {
  baseUrl: string;
  authUrl: string;
  researchUrl: string;
  credentials: SandboxCredentials;
  inventory: SandboxServer;
  oauth: OAuthServer;
  /** The token endpoint, holding the authorization codes it issued. */
  tokens: TokenEndpoint;
  /** The inventory account, for tests that look at or set up state directly. */
  account: Account;
  research: SandboxServer;
  /** The inventory API's token buckets (also set through /_sandbox/rate-limit). */
  rateLimiter: RateLimiter;
  /** Gives the product of `asin` this title in every research answer (to rehearse hostile server text). */
  retitle(asin: string, title: string): void;
  dataFile?: string;
  close(): Promise<void>;
}

function initialState(options: SandboxOptions): SandboxState {
  const inventory = options.seed === 'empty' ? emptyInventory() : demoInventory();
  if (options.bulkItems) addBulkItems(inventory, options.bulkItems);
  return {
    inventory,
    version: 1,
    research: {
      account: {
        clientId: 'sandbox-research',
        secretKey: randomBytes(16).toString('hex'),
        merchantId: 'A1SANDBOXMERCHANT',
        marketplaceId: 'ATVPDKIKX0DER',
      },
      knownCategories: [],
    },
    oauth: initialOAuthState(),
  };
}

/** Fills in what a data file written by an older sandbox lacks. */
function upgrade(loaded: SandboxState): SandboxState {
  return { ...loaded, oauth: upgradeOAuthState(loaded.oauth), inventory: upgradeInventory(loaded.inventory) };
}

/** The credentials of this run: the client secrets and the demo password are new at every start (only their hashes are stored). */
function credentialsOf(state: SandboxState, issued: IssuedSecrets): SandboxCredentials {
  const [cli, partner] = state.oauth.clients as [OAuthState['clients'][0], OAuthState['clients'][0]];
  const user = state.oauth.users[0]!;
  return {
    research: { ...state.research.account },
    oauth: {
      clientId: cli.id,
      clientSecret: issued.clientSecrets[cli.id]!,
      username: user.username,
      password: issued.passwords[user.id]!,
      email: user.email,
    },
    partner: { clientId: partner.id, clientSecret: issued.clientSecrets[partner.id]! },
  };
}

/** The limit the options ask for, or undefined (unlimited). */
function rateLimitOf(options: SandboxOptions): RateLimitSettings | undefined {
  if (!options.rateLimit) return undefined;
  const { rateLimit: rate, burst = defaultBurst(rate), retryAfterHeader = true, rateHeaders = false } = options;
  return { rate, burst, retryAfter: retryAfterHeader, headers: rateHeaders };
}

/** The inventory API's error body (docs/decisions.md, 5. Error bodies). */
export function inventoryError(status: number, message: string) {
  return { status: 'error', code: status, httpCode: String(status), message };
}

/** Starts both servers on `host` and resolves once they listen. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const passwordCost = options.passwordCost ?? PASSWORD_COST;
  checkPasswordCost(passwordCost);
  const store = await StateStore.open<SandboxState>(options.data, () => initialState(options), upgrade);
  const commit = () => store.commit();
  const inventory = new SandboxServer(inventoryError, commit, { adminToken: options.adminToken });
  const clock = offsetClock(options.clockOffsetS ?? 0);
  const research = new SandboxServer(researchErrorBody(clock), commit, {
    adminToken: options.adminToken,
    payloadless: () => answerMeta(clock),
  });
  for (const server of [inventory, research]) {
    server.faults.settings = {
      latencyMs: options.latencyMs ?? 0,
      latencyJitterMs: options.latencyJitterMs,
      failRate: options.failRate ?? 0,
      failStatus: options.failStatus,
      retryAfter: options.retryAfter,
      dropRate: options.dropRate,
    };
  }
  researchRoutes(research, store.state.research, store, clock);
  const oauth = new OAuthServer(
    store.state.oauth,
    {
      accessTokenTtlS: options.accessTokenTtlS ?? 3600,
      codeTtlMs: options.codeTtlMs ?? AUTHORIZATION_CODE_LIFETIME_S * 1000,
      passwordCost,
    },
    store,
  );
  const issued = await oauth.rotateSecrets();
  const tokens = oauthRoutes(inventory, oauth);
  const rateLimiter = new RateLimiter(rateLimitOf(options));
  rateLimitRoutes(inventory, rateLimiter, oauth);
  const account = new Account(store.state.inventory, store);
  resourceRoutes(inventory, oauth, account);
  // The macros (doMoveItem, fbaCreateInboundShipmentPlan, doSendToFBA) and the sandbox's shipment controls.
  const macro = authedRoute(inventory, oauth);
  moveRoutes(macro, account);
  fbaRoutes(macro, account);
  shipmentControls(inventory, account);
  labelRoutes(inventory, account);

  const baseUrl = await inventory.listen(host, port);
  let researchUrl: string;
  try {
    researchUrl = await research.listen(host, options.researchPort ?? (port === 0 ? 0 : port + 1));
  } catch (error) {
    await inventory.close();
    throw error;
  }
  return {
    baseUrl,
    authUrl: baseUrl,
    researchUrl,
    credentials: credentialsOf(store.state, issued),
    inventory,
    oauth,
    tokens,
    account,
    research,
    rateLimiter,
    retitle(asin, title) {
      store.set(['research', 'titles'], { ...store.state.research.titles, [asin]: title });
    },
    dataFile: options.data,
    async close() {
      await Promise.all([inventory.close(), research.close()]);
      await store.close();
    },
  };
}
