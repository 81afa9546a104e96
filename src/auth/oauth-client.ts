/** The token endpoint and tokeninfo, on the one HTTP core. Knows nothing of terminals. */
import { AuthError } from '../errors.js';
import type { HttpCore } from '../http/core.js';
import { ONCE_POLICY, READ_POLICY } from '../http/retry.js';
import { apiUrl } from '../http/url.js';
import type { StoredTokens } from '../config/schema.js';
import { originOf } from '../http/url.js';
import { requireBoundOrigin, requireSecureTransport } from './origin.js';

export interface OAuthClientConfig {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The origin a stored client secret belongs to; undefined when it was given for this call; null: stored without one. */
  secretOrigin?: string | null;
  /** The profile, for messages. */
  profile?: string;
}

/** How logout ended at the server. */
export type Revocation = 'revoked' | 'no-endpoint';

export interface TokenInfo {
  client_id: string;
  user_id?: string;
  user?: string;
  scope?: string;
  expires_in?: number;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  expires?: number | string;
  scope?: string;
}

/** Stored tokens from a token answer; the lifetime comes from expires_in, or expires. */
export function tokensFrom(answer: TokenAnswer, now = Date.now()): StoredTokens {
  if (!answer.access_token) throw new AuthError('the token endpoint answered without an access_token');
  const lifetime = Number(answer.expires_in ?? answer.expires);
  return {
    accessToken: answer.access_token,
    ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
    ...(Number.isFinite(lifetime) && lifetime > 0 ? { expiresAt: now + lifetime * 1000 } : {}),
    ...(answer.scope !== undefined ? { scope: answer.scope } : {}),
  };
}

export class OAuthClient {
  constructor(
    private readonly core: HttpCore,
    readonly config: OAuthClientConfig,
  ) {}

  /** Exchanges an authorization code at once, with redirect_uri and the PKCE verifier. */
  exchangeCode(code: string, redirectUri: string, verifier: string): Promise<StoredTokens> {
    const { clientId, clientSecret } = this.config;
    return this.token('exchange code', {
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'authorization_code',
      response_type: 'token',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
  }

  /** The password grant, client credentials in HTTP Basic. */
  password(username: string, password: string, scope: string): Promise<StoredTokens> {
    const form: Record<string, string> = { grant_type: 'password', username, password };
    if (scope) form.scope = scope;
    return this.token('password grant', form, true);
  }

  /** A new token pair from a refresh token. */
  refresh(refreshToken: string): Promise<StoredTokens> {
    const { clientId, clientSecret } = this.config;
    return this.token('refresh token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    });
  }

  /** Tokens as stored: with the origins they were issued for, so that they are sent nowhere else. */
  bind(tokens: StoredTokens): StoredTokens {
    return { ...tokens, apiOrigin: originOf(this.config.baseUrl), authOrigin: originOf(this.config.authUrl) };
  }

  /** Refuses, before anything is sent, a token endpoint that would get the client secret over plain http or outside its origin. */
  checkTokenEndpoint(): URL {
    const url = apiUrl(this.config.authUrl, '/oauth2/token');
    const what = `the client secret${this.config.profile ? ` of profile "${this.config.profile}"` : ''}`;
    requireSecureTransport(url, what);
    requireBoundOrigin(url, {
      origin: this.config.secretOrigin,
      what,
      profile: this.config.profile ?? 'default',
      setting: 'authUrl',
    });
    return url;
  }

  /** RFC 7009: revokes a refresh token (and with it its access tokens); 'no-endpoint' when the server has none. */
  async revoke(refreshToken: string): Promise<Revocation> {
    this.checkTokenEndpoint();
    const url = apiUrl(this.config.authUrl, '/oauth2/revoke');
    const { clientId, clientSecret } = this.config;
    const res = await this.core.request({
      operation: 'revoke token',
      method: 'POST',
      url,
      retry: ONCE_POLICY,
      auth: 'none',
      acceptErrors: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        token: refreshToken,
        token_type_hint: 'refresh_token',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    if (res.status === 404 || res.status === 405) return 'no-endpoint';
    if (res.error) throw res.error;
    return 'revoked';
  }

  /** GET {base_url}/oauth2/tokeninfo?access_token=… */
  tokenInfo(accessToken: string): Promise<TokenInfo> {
    const url = apiUrl(this.config.baseUrl, '/oauth2/tokeninfo', { access_token: accessToken });
    requireSecureTransport(url, 'the access token');
    return this.core.json<TokenInfo>({
      operation: 'tokeninfo',
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      retry: READ_POLICY,
      auth: 'none',
    });
  }

  private async token(operation: string, form: Record<string, string>, basic = false): Promise<StoredTokens> {
    const url = this.checkTokenEndpoint();
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (basic) {
      const { clientId, clientSecret } = this.config;
      headers.authorization =
        'Basic ' +
        Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    }
    const answer = await this.core.json<TokenAnswer>({
      operation,
      method: 'POST',
      url,
      headers,
      body: new URLSearchParams(form).toString(),
      retry: ONCE_POLICY,
      auth: 'none',
    });
    return this.bind(tokensFrom(answer));
  }
}
