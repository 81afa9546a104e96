/** Builds the typed clients on the one request core, with the hooks each API needs. */
import { join } from 'node:path';
import { AuthError, UsageError } from '../errors.js';
import { bearerHook } from '../auth/bearer-hook.js';
import { credentialGuard } from '../auth/origin.js';
import { OAuthClient } from '../auth/oauth-client.js';
import { researchAuthHook } from '../auth/research-hook.js';
import { TokenProvider } from '../auth/tokens.js';
import type { Settings } from '../config/settings.js';
import type { ConfigStore } from '../config/profile-file.js';
import { HttpCore } from '../http/core.js';
import { errorHook } from '../http/error-hook.js';
import { InventoryClient } from '../api/inventory.js';
import { logHook } from '../http/log-hook.js';
import { paceHook } from '../http/pace-hook.js';
import type { Pacer } from '../http/pacer.js';
import { ResearchClient } from '../api/research.js';
import { retryHook, type Outage, type Refusals } from '../http/retry-hook.js';
import type { Transport } from '../http/transport.js';
import type { Hook } from '../http/http-types.js';

export interface ClientDeps {
  transport: Transport;
  settings: Settings;
  signal?: AbortSignal;
  /** Where --verbose lines go; absent when not verbose. */
  log?: (line: string) => void;
  /** How long to wait for a service that cannot be reached (--wait); 0: as each operation's policy says. */
  patienceMs?: number;
  /** Told of a wait that holds every request (a Retry-After, the service unreachable). */
  onPause?: (delayMs: number, message: string, after429: boolean) => void;
  /** The pacer requests leave at the rate of (a batch's for the inventory API; the research API's own). */
  pacer?: Pacer;
  /** The run's outage clock: --wait bounds how long the service may be unreachable, for all requests together. */
  outage?: Outage;
  /** The run's spell of nothing but 429s, and how long it may last (--wait, else the command's default). */
  refusals?: Refusals;
  refusalPatienceMs?: number;
}

/** Research extras: the clock skew to start from and keep. */
export interface ResearchDeps {
  skewS?: number;
  onSkewCorrected?: (skewS: number) => void | Promise<void>;
}

/** The hook chain every client shares: typed errors, retries, the client's own (pacing, auth), then logging. */
function core(
  deps: ClientDeps,
  api: { name: string; authHint: string; authStatuses?: number[] },
  own: Hook[],
): HttpCore {
  const hooks: Hook[] = [
    errorHook({ api: api.name, authHint: api.authHint, authStatuses: api.authStatuses }),
    retryHook({
      signal: deps.signal,
      onRetry: deps.log,
      patienceMs: deps.patienceMs,
      onPause: deps.onPause,
      outage: deps.outage,
      refusals: deps.refusals,
      refusalPatienceMs: deps.refusalPatienceMs,
    }),
    ...own,
  ];
  if (deps.log) hooks.push(logHook(deps.log));
  return new HttpCore((req) => deps.transport.send(req), hooks);
}

function required(value: string | undefined, what: string, settings: Settings, how: string): string {
  if (value) return value;
  const others = settings.otherProfiles;
  const choices = others.map((p) => `\`inv --profile ${p} …\``).join(', ');
  const elsewhere = others.length
    ? `; or use another profile: ${choices} (\`inv profile use ${others[0]}\` makes it the default)`
    : '';
  throw new UsageError(`no ${what} for profile "${settings.profile}"`, how + elsewhere);
}

/** The Inventory API address of the profile, or a UsageError saying how to give one. */
export function requireBaseUrl(settings: Settings): string {
  return required(
    settings.baseUrl,
    'Inventory API address',
    settings,
    'pass --base-url, set INV_BASE_URL, run `inv config set baseUrl URL`, or start `inv sandbox`',
  );
}

/** The research client of the profile, or a typed error saying what to configure. */
export function createResearchClient(deps: ClientDeps & ResearchDeps): ResearchClient {
  const { settings } = deps;
  const { research } = settings;
  const url = required(
    settings.researchUrl,
    'Product Research API address',
    settings,
    'pass --research-url, set INV_RESEARCH_URL, run `inv config set researchUrl URL`, or start `inv sandbox`',
  );
  if (!research.clientId || !research.secretKey) {
    throw new AuthError(
      `no research key for profile "${settings.profile}"`,
      'run `inv research login` (or set INV_RESEARCH_CLIENT_ID and INV_RESEARCH_SECRET)',
    );
  }
  const creds = {
    clientId: research.clientId,
    secretKey: research.secretKey,
    keyOffset: research.keyOffset,
    keyIn: research.keyIn,
    clockSkew: deps.skewS,
  };
  const from = research.sources;
  const authHint =
    `the ClientId ("${research.clientId}") came from ${from.clientId} and the SecretKey from ${from.secretKey}: ` +
    `fix the wrong one there, or store both with \`inv --profile ${settings.profile} research login\``;
  const guard = credentialGuard(['research-key', 'research-legacy'], () => ({
    origin: research.origin,
    what: `the research key of profile "${settings.profile}"`,
    profile: settings.profile,
    setting: 'researchUrl',
  }));
  const hook = researchAuthHook(creds, Date.now, { onCorrected: deps.onSkewCorrected });
  const own = [...(deps.pacer ? [paceHook(deps.pacer, deps.signal)] : []), guard, hook];
  return new ResearchClient(core(deps, { name: 'research API', authHint }, own), url);
}

/** The OAuth client (token endpoint, tokeninfo) of the profile. */
export function createOAuthClient(deps: ClientDeps): OAuthClient {
  const { settings } = deps;
  const how = (key: string, env: string) =>
    `run \`inv config set ${key} VALUE\` or set ${env} (the sandbox profile has them)`;
  const config = {
    baseUrl: requireBaseUrl(settings),
    authUrl: required(
      settings.authUrl,
      'OAuth server address',
      settings,
      'pass --auth-url or run `inv config set authUrl URL`',
    ),
    clientId: required(settings.clientId, 'OAuth client id', settings, how('clientId', 'INV_CLIENT_ID')),
    clientSecret: required(
      settings.clientSecret,
      'OAuth client secret',
      settings,
      how('clientSecret', 'INV_CLIENT_SECRET'),
    ),
    secretOrigin: settings.clientSecretOrigin,
    profile: settings.profile,
  };
  const authHint =
    'log in again with `inv login`; ' +
    `if the client itself is rejected, check clientId and clientSecret of profile "${settings.profile}"`;
  return new OAuthClient(core(deps, { name: 'OAuth server', authHint, authStatuses: [400, 401, 403] }, []), config);
}

/** The token provider of the profile: INV_TOKEN, or stored tokens refreshed through the OAuth client. */
export function createTokenProvider(deps: ClientDeps & { store: ConfigStore }): TokenProvider {
  return new TokenProvider({
    profile: deps.settings.profile,
    envToken: deps.settings.envToken,
    store: deps.store,
    lockPath: join(deps.store.dir, `tokens-${deps.settings.profile}.lock`),
    oauth: () => createOAuthClient(deps),
    legacyOrigins: deps.settings.legacyTokenOrigins,
  });
}

/** The inventory client of the profile: bearer tokens from the provider, one refresh on 401. */
export function createInventoryClient(deps: ClientDeps & { tokens: TokenProvider }): InventoryClient {
  const url = requireBaseUrl(deps.settings);
  const authHint =
    deps.tokens.source === 'INV_TOKEN' ? 'INV_TOKEN was rejected: set a fresh token' : 'log in again: inv login';
  const own = [...(deps.pacer ? [paceHook(deps.pacer, deps.signal)] : []), bearerHook(deps.tokens)];
  return new InventoryClient(core(deps, { name: 'inventory API', authHint }, own), url);
}
