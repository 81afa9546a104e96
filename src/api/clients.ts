/** Builds the typed clients on the one request core, with the hooks each API needs. */
import { AuthError, UsageError } from '../errors.js';
import { researchAuthHook } from '../auth/research-hook.js';
import type { Settings } from '../config/settings.js';
import { HttpCore } from './core.js';
import { errorHook } from './error-hook.js';
import { logHook } from './log-hook.js';
import { ResearchClient } from './research.js';
import { retryHook } from './retry-hook.js';
import type { Transport } from './transport.js';
import type { Hook } from './types.js';

export interface ClientDeps {
  transport: Transport;
  settings: Settings;
  signal?: AbortSignal;
  /** Where --verbose lines go; absent when not verbose. */
  log?: (line: string) => void;
}

/** The research client of the profile, or a typed error saying what to configure. */
export function createResearchClient(deps: ClientDeps): ResearchClient {
  const { settings } = deps;
  const { research } = settings;
  if (!settings.researchUrl) {
    throw new UsageError(
      `no Product Research API address for profile "${settings.profile}"`,
      'pass --research-url, set INV_RESEARCH_URL, run `inv config set researchUrl URL`, or start `inv sandbox`',
    );
  }
  if (!research.clientId || !research.secretKey) {
    throw new AuthError(`no research key for profile "${settings.profile}"`, 'run `inv research login` (or set INV_RESEARCH_CLIENT_ID and INV_RESEARCH_SECRET)');
  }
  const creds = { clientId: research.clientId, secretKey: research.secretKey, keyOffset: research.keyOffset, keyIn: research.keyIn };
  const hooks: Hook[] = [
    errorHook({
      api: 'research API',
      authHint: `check the research ClientId ("${research.clientId}") and SecretKey of profile "${settings.profile}": run \`inv research login\``,
    }),
    retryHook({ signal: deps.signal, onRetry: deps.log }),
    researchAuthHook(creds),
  ];
  if (deps.log) hooks.push(logHook(deps.log));
  return new ResearchClient(new HttpCore((req) => deps.transport.send(req), hooks), settings.researchUrl);
}
