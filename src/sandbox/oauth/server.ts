/** The sandbox's OAuth 2.0 authorization server: codes, tokens, PKCE, rotation, and bearer checks. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpFail, type SandboxRequest } from '../http.js';
import type { Persist } from '../store.js';
import { randomToken, redirectAllowed, type AccessGrant, type OAuthClient, type OAuthState, type User } from './state.js';

export interface OAuthOptions {
  accessTokenTtlS: number;
  codeTtlMs: number;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  userId: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

/** An OAuth error answer: {error, error_description}. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class OAuthServer {
  private readonly codes = new Map<string, PendingCode>();
  /** How many times each grant type succeeded, for tests. */
  readonly grants: Record<string, number> = {};

  constructor(
    readonly state: OAuthState,
    readonly options: OAuthOptions,
    private readonly persist: Persist,
  ) {}

  /** The registered client, or undefined. */
  client(id: string | undefined): OAuthClient | undefined {
    return this.state.clients.find((c) => c.id === id);
  }

  /** Checks client_id and redirect_uri of an authorization request; these errors must not redirect. */
  checkAuthRequest(params: Record<string, string | undefined>): { client: OAuthClient; redirectUri: string } {
    const client = this.client(params.client_id);
    if (!client) throw new HttpFail(400, `unknown client_id "${params.client_id ?? ''}"`);
    const redirectUri = params.redirect_uri ?? '';
    if (!redirectAllowed(client, redirectUri)) throw new HttpFail(400, `redirect_uri "${redirectUri}" is not registered for client "${client.id}"`);
    return { client, redirectUri };
  }

  /** The user with these credentials, or undefined. */
  authenticateUser(username: string, password: string): User | undefined {
    const user = this.state.users.find((u) => u.username === username || u.email === username);
    return user && same(user.password, password) ? user : undefined;
  }

  /** A single-use code bound to client, redirect URI and PKCE challenge. */
  issueCode(pending: Omit<PendingCode, 'expiresAt' | 'used'>): string {
    const code = randomToken(18);
    this.codes.set(code, { ...pending, expiresAt: Date.now() + this.options.codeTtlMs, used: false });
    return code;
  }

  /** Issues an access token (and a refresh token unless `implicit`). */
  issueTokens(clientId: string, userId: string, scope: string, implicit = false): TokenAnswer {
    this.prune();
    const access = randomToken();
    this.persist.set(['oauth', 'accessTokens', access], { clientId, userId, scope, expiresAt: Date.now() + this.options.accessTokenTtlS * 1000 });
    const answer: TokenAnswer = { access_token: access, token_type: 'Bearer', expires_in: this.options.accessTokenTtlS, scope };
    if (!implicit) {
      const refresh = randomToken(32);
      this.persist.set(['oauth', 'refreshTokens', refresh], { clientId, userId, scope });
      answer.refresh_token = refresh;
    }
    return answer;
  }

  /** The token endpoint: authorization_code, password and refresh_token grants. */
  token(req: SandboxRequest): TokenAnswer {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const client = this.clientAuth(req, body);
    const grant = body.grant_type;
    let answer: TokenAnswer;
    if (grant === 'authorization_code') answer = this.codeGrant(client, body);
    else if (grant === 'password') answer = this.passwordGrant(client, body);
    else if (grant === 'refresh_token') answer = this.refreshGrant(client, body);
    else throw new OAuthError(400, 'unsupported_grant_type', `grant_type "${grant ?? ''}" is not supported: use authorization_code, password or refresh_token`);
    this.grants[grant] = (this.grants[grant] ?? 0) + 1;
    return answer;
  }

  /** The grant behind a valid access token; throws OAuthError otherwise. */
  tokenInfo(token: string | null): AccessGrant & { user: User } {
    const grant = token ? this.state.accessTokens[token] : undefined;
    if (!grant) throw new OAuthError(400, 'invalid_token', 'the access token is not known (revoked or never issued)');
    if (grant.expiresAt <= Date.now()) throw new OAuthError(400, 'invalid_token', 'the access token has expired');
    return { ...grant, user: this.state.users.find((u) => u.id === grant.userId)! };
  }

  /** Checks the bearer token of an API request; 401 with a reason otherwise. */
  bearer(req: SandboxRequest): AccessGrant & { user: User } {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpFail(401, 'missing bearer token: send Authorization: Bearer <access token>', { 'www-authenticate': 'Bearer' });
    try {
      return this.tokenInfo(match[1]!);
    } catch (error) {
      throw new HttpFail(401, (error as Error).message, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
  }

  /** Expires every access token now (tests of refresh). */
  expireAccessTokens(): void {
    for (const [token, grant] of Object.entries(this.state.accessTokens)) {
      this.persist.set(['oauth', 'accessTokens', token], { ...grant, expiresAt: Date.now() - 1 });
    }
  }

  /** Revokes every refresh token (tests of "log in again"). */
  revokeRefreshTokens(): void {
    this.persist.set(['oauth', 'refreshTokens'], {});
  }

  private clientAuth(req: SandboxRequest, body: Record<string, string | undefined>): OAuthClient {
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    const client = this.client(id);
    if (!client) throw new OAuthError(401, 'invalid_client', `unknown client_id "${id ?? ''}"`);
    if (!secret || !same(client.secret, secret)) throw new OAuthError(401, 'invalid_client', `client authentication failed: wrong client_secret for "${client.id}"`);
    return client;
  }

  private codeGrant(client: OAuthClient, body: Record<string, string | undefined>): TokenAnswer {
    const pending = body.code ? this.codes.get(body.code) : undefined;
    if (!pending) throw new OAuthError(400, 'invalid_grant', 'the authorization code is not known');
    if (pending.used) throw new OAuthError(400, 'invalid_grant', 'the authorization code was already used');
    pending.used = true;
    if (pending.expiresAt <= Date.now()) throw new OAuthError(400, 'invalid_grant', 'the authorization code has expired (codes are valid 10 seconds)');
    if (pending.clientId !== client.id) throw new OAuthError(400, 'invalid_grant', 'the authorization code was issued to another client');
    if (body.redirect_uri !== undefined && body.redirect_uri !== pending.redirectUri) {
      throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    }
    if (pending.challenge) {
      const verifier = body.code_verifier ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge (PKCE)');
      }
    }
    return this.issueTokens(client.id, pending.userId, pending.scope);
  }

  private passwordGrant(client: OAuthClient, body: Record<string, string | undefined>): TokenAnswer {
    if (!client.passwordGrant) throw new OAuthError(400, 'unauthorized_client', `client "${client.id}" is not approved for the password grant`);
    const user = this.authenticateUser(body.username ?? '', body.password ?? '');
    if (!user) throw new OAuthError(400, 'invalid_grant', 'wrong username or password');
    return this.issueTokens(client.id, user.id, body.scope ?? '');
  }

  private refreshGrant(client: OAuthClient, body: Record<string, string | undefined>): TokenAnswer {
    const token = body.refresh_token ?? '';
    const grant = this.state.refreshTokens[token];
    if (!grant) throw new OAuthError(400, 'invalid_grant', 'the refresh token is not valid (revoked, rotated or never issued)');
    if (grant.clientId !== client.id) throw new OAuthError(400, 'invalid_grant', 'the refresh token was issued to another client');
    this.persist.set(['oauth', 'refreshTokens', token], undefined);
    return this.issueTokens(client.id, grant.userId, grant.scope);
  }

  private prune(): void {
    const now = Date.now();
    for (const [token, grant] of Object.entries(this.state.accessTokens)) {
      if (grant.expiresAt < now - 86_400_000) this.persist.set(['oauth', 'accessTokens', token], undefined);
    }
    for (const [code, pending] of this.codes) if (pending.expiresAt < now - 60_000) this.codes.delete(code);
  }
}
