/** The access token in force: INV_TOKEN, or the stored one, refreshed ahead of expiry or after a 401. */
import { AuthError, InvError } from '../errors.js';
import type { StoredTokens } from '../config/schema.js';
import { withFileLock } from '../util/file-lock.js';
import type { ConfigStore } from '../config/profile-file.js';
import type { OAuthClient } from './oauth-client.js';
import { requireBoundOrigin, requireSecureTransport } from './origin.js';

/** Refresh this long before the stored expiry. */
export const REFRESH_AHEAD_MS = 60_000;

export interface TokenProviderDeps {
  profile: string;
  /** INV_TOKEN: used as is, never stored or refreshed. */
  envToken?: string;
  store: ConfigStore;
  /** Lock file guarding refreshes across processes. */
  lockPath: string;
  oauth: () => OAuthClient;
  /** Origins of stored tokens written before they carried their own. */
  legacyOrigins?: { api?: string; auth?: string };
  now?: () => number;
}

/** Whether stored tokens are expired or about to be. */
export function needsRefresh(tokens: StoredTokens, now: number): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt - now < REFRESH_AHEAD_MS;
}

export class TokenProvider {
  constructor(private readonly deps: TokenProviderDeps) {}

  /** Where the token comes from, for messages. */
  get source(): 'INV_TOKEN' | 'config' {
    return this.deps.envToken ? 'INV_TOKEN' : 'config';
  }

  /** The stored tokens of the profile, read fresh (none when their token could not be read from the keyring). */
  stored(): StoredTokens | undefined {
    const tokens = this.deps.store.profile(this.deps.profile).tokens;
    return tokens?.accessToken ? tokens : undefined;
  }

  /**
   * A usable access token for a request to `url`, refreshed first when the stored one is about to
   * expire. Refuses (before anything is sent) a URL outside the origin the tokens were issued for,
   * or plain http beyond loopback.
   */
  async accessToken(url?: URL): Promise<string> {
    if (this.deps.envToken) {
      if (url) requireSecureTransport(url, 'the token in INV_TOKEN');
      return this.deps.envToken;
    }
    const tokens = this.stored();
    if (!tokens) throw this.notLoggedIn();
    if (url) {
      requireSecureTransport(url, `the access token of profile "${this.deps.profile}"`);
      requireBoundOrigin(url, {
        origin: tokens.apiOrigin ?? this.deps.legacyOrigins?.api,
        what: `the access token of profile "${this.deps.profile}"`,
        profile: this.deps.profile,
        setting: 'baseUrl',
      });
    }
    if (needsRefresh(tokens, this.now()) && tokens.refreshToken) return this.refresh(tokens.accessToken);
    return tokens.accessToken;
  }

  /** Refuses to send the refresh token of `tokens` to an authorization server other than its own. */
  private checkRefreshTarget(tokens: StoredTokens, oauth: OAuthClient): void {
    const url = new URL(oauth.config.authUrl);
    const what = `the refresh token of profile "${this.deps.profile}"`;
    requireSecureTransport(url, what);
    requireBoundOrigin(url, {
      origin: tokens.authOrigin ?? this.deps.legacyOrigins?.auth,
      what,
      profile: this.deps.profile,
      setting: 'authUrl',
    });
  }

  /**
   * Replaces `rejected` with a fresh token. Under the lock, the stored tokens are read again: when
   * another process already refreshed them, its token is used and no second refresh is sent (the
   * server rotates refresh tokens, so a second refresh with the old one would fail).
   */
  async refresh(rejected: string): Promise<string> {
    if (this.deps.envToken)
      throw new AuthError(
        'the token in INV_TOKEN was rejected or has expired',
        'set INV_TOKEN to a fresh token (inv auth token prints one)',
      );
    return withFileLock(this.deps.lockPath, async () => {
      const current = this.stored();
      if (!current) throw this.notLoggedIn();
      if (current.accessToken !== rejected && !needsRefresh(current, this.now())) return current.accessToken;
      if (!current.refreshToken)
        throw new AuthError(`the session of profile "${this.deps.profile}" has expired`, 'log in again: inv login');
      const oauth = this.deps.oauth();
      this.checkRefreshTarget(current, oauth);
      let next: StoredTokens;
      try {
        next = await oauth.refresh(current.refreshToken);
      } catch (error) {
        if (error instanceof AuthError) {
          throw new AuthError(
            `the session of profile "${this.deps.profile}" has expired or was revoked: ${error.message}`,
            'log in again: inv login',
          );
        }
        throw error;
      }
      await this.deps.store.updateProfile(this.deps.profile, (profile) => ({
        ...profile,
        tokens: {
          ...next,
          refreshToken: next.refreshToken ?? current.refreshToken,
          scope: next.scope ?? current.scope,
          apiOrigin: current.apiOrigin ?? this.deps.legacyOrigins?.api,
          authOrigin: current.authOrigin ?? this.deps.legacyOrigins?.auth,
        },
      }));
      return next.accessToken;
    }).catch((error: unknown) => {
      if (error instanceof InvError) throw error;
      throw new InvError(`could not refresh the access token: ${(error as Error).message}`);
    });
  }

  private notLoggedIn(): AuthError {
    // What is left of tokens whose token was not read: they are in the system keyring, which did not give them.
    if (this.deps.store.profile(this.deps.profile).tokens)
      return new AuthError(
        `the token of profile "${this.deps.profile}" is in the system keyring, which did not give it to this run`,
        'unlock the keyring (or run where its D-Bus session is), then the same command again; ' +
          'or log in again with `inv login --insecure-storage` to keep the token in config.json',
      );
    return new AuthError(`not logged in (profile "${this.deps.profile}")`, 'run `inv login` (or set INV_TOKEN)');
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
