/** The sandbox's OAuth 2.0 authorization server: clients, users, token families, revocation and bearer checks. */
import { HttpFail, type SandboxRequest } from '../http.js';
import type { Persist } from '../state-file.js';
import {
  hashPassword,
  passwordMatches,
  randomToken,
  same,
  tokenHash,
  type AccessGrant,
  type RegisteredClient,
  type OAuthState,
  type User,
} from './oauth-state.js';
import { clientCredentials } from './client-credentials.js';
import { OAuthError } from './oauth-error.js';
import { LoginThrottle, Throttled } from './throttle.js';

export { OAuthError } from './oauth-error.js';

export interface OAuthOptions {
  accessTokenTtlS: number;
  codeTtlMs: number;
  /** scrypt's cost N for the passwords it hashes. */
  passwordCost: number;
}

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/** Plain-text secrets made at start: shown once, never stored. */
export interface IssuedSecrets {
  clientSecrets: Record<string, string>;
  passwords: Record<string, string>;
}

const PRUNE_AFTER_MS = 7 * 86_400_000;

export class OAuthServer {
  readonly throttle = new LoginThrottle();
  /** How many times each grant type succeeded, for tests. */
  readonly grants: Record<string, number> = {};

  constructor(
    readonly state: OAuthState,
    readonly options: OAuthOptions,
    private readonly persist: Persist,
  ) {}

  /** New client secrets and user passwords (only their hashes are kept), for this run of the sandbox. */
  async rotateSecrets(): Promise<IssuedSecrets> {
    const issued: IssuedSecrets = { clientSecrets: {}, passwords: {} };
    for (const [i, client] of this.state.clients.entries()) {
      const secret = randomToken(18);
      issued.clientSecrets[client.id] = secret;
      this.persist.set(['oauth', 'clients', i, 'secretHash'], tokenHash(secret));
    }
    for (const [i, user] of this.state.users.entries()) {
      const password = randomToken(9);
      issued.passwords[user.id] = password;
      this.persist.set(['oauth', 'users', i, 'passwordHash'], await hashPassword(password, this.options.passwordCost));
    }
    return issued;
  }

  /** Adds a user (tests: a second person on the same server). */
  async addUser(user: Omit<User, 'passwordHash'> & { password: string }): Promise<void> {
    const { password, ...rest } = user;
    this.persist.set(['oauth', 'users', this.state.users.length], {
      ...rest,
      passwordHash: await hashPassword(password, this.options.passwordCost),
    });
  }

  /** The registered client, or undefined. */
  client(id: string | undefined): RegisteredClient | undefined {
    return this.state.clients.find((c) => c.id === id);
  }

  /** The user with these credentials, or undefined; throws Throttled after repeated failures for that user. */
  async authenticateUser(username: string, password: string): Promise<User | undefined> {
    this.throttle.check(username);
    const user = this.state.users.find((u) => u.username === username || u.email === username);
    const ok = user !== undefined && (await passwordMatches(password, user.passwordHash));
    this.throttle.record(username, ok);
    return ok ? user : undefined;
  }

  /** Like authenticateUser, as OAuth errors for the token endpoint. */
  async userForGrant(username: string, password: string): Promise<User> {
    try {
      const user = await this.authenticateUser(username, password);
      if (!user) throw new OAuthError(400, 'invalid_grant', 'wrong username or password');
      return user;
    } catch (error) {
      if (!(error instanceof Throttled)) throw error;
      throw new OAuthError(429, 'invalid_grant', error.message, { 'retry-after': String(error.retryAfterS) });
    }
  }

  /** Issues an access token (and a refresh token unless `implicit`) in `family` (a new one by default). */
  issueTokens(
    clientId: string,
    userId: string,
    scope: string,
    implicit = false,
    family = randomToken(9),
  ): IssuedTokens {
    this.prune();
    const access = randomToken();
    this.persist.set(['oauth', 'accessTokens', tokenHash(access)], {
      clientId,
      userId,
      scope,
      family,
      expiresAt: Date.now() + this.options.accessTokenTtlS * 1000,
    });
    const answer: IssuedTokens = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenTtlS,
      scope,
    };
    if (!implicit) {
      const refresh = randomToken(32);
      this.persist.set(['oauth', 'refreshTokens', tokenHash(refresh)], { clientId, userId, scope, family });
      answer.refresh_token = refresh;
    }
    return answer;
  }

  /** Whether a refresh token would be accepted now (tests). */
  refreshTokenValid(token: string): boolean {
    const grant = this.state.refreshTokens[tokenHash(token)];
    return grant !== undefined && grant.rotatedAt === undefined;
  }

  /** The grant behind a valid access token; throws OAuthError otherwise. */
  tokenInfo(token: string | null): AccessGrant & { user: User } {
    const grant = token ? this.state.accessTokens[tokenHash(token)] : undefined;
    if (!grant) throw new OAuthError(400, 'invalid_token', 'the access token is not known (revoked or never issued)');
    if (grant.expiresAt <= Date.now()) throw new OAuthError(400, 'invalid_token', 'the access token has expired');
    return { ...grant, user: this.state.users.find((u) => u.id === grant.userId)! };
  }

  /** Checks the bearer token of an API request; 401 with a reason otherwise. */
  bearer(req: SandboxRequest): AccessGrant & { user: User } {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match)
      throw new HttpFail(401, 'missing bearer token: send Authorization: Bearer <access token>', {
        'www-authenticate': 'Bearer',
      });
    try {
      return this.tokenInfo(match[1]!);
    } catch (error) {
      throw new HttpFail(401, (error as Error).message, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
  }

  /** Ends every token of a family: a replayed code or refresh token, or a revocation. */
  revokeFamily(family: string): void {
    for (const [key, grant] of Object.entries(this.state.accessTokens))
      if (grant.family === family) this.persist.set(['oauth', 'accessTokens', key], undefined);
    for (const [key, grant] of Object.entries(this.state.refreshTokens))
      if (grant.family === family) this.persist.set(['oauth', 'refreshTokens', key], undefined);
  }

  /** RFC 7009: a refresh token ends its family, an access token itself; unknown tokens are fine; another client's are refused. */
  revoke(client: RegisteredClient, token: string): void {
    const key = tokenHash(token);
    const grant = this.state.refreshTokens[key] ?? this.state.accessTokens[key];
    if (!grant) return;
    if (grant.clientId !== client.id)
      throw new OAuthError(400, 'unauthorized_client', 'the token was issued to another client');
    if (key in this.state.refreshTokens) this.revokeFamily(grant.family);
    else this.persist.set(['oauth', 'accessTokens', key], undefined);
  }

  /** Marks a refresh token used; its later use is a replay. */
  rotate(token: string): void {
    const key = tokenHash(token);
    this.persist.set(['oauth', 'refreshTokens', key], { ...this.state.refreshTokens[key]!, rotatedAt: Date.now() });
  }

  /** Expires every access token now (tests of refresh). */
  expireAccessTokens(): void {
    for (const [key, grant] of Object.entries(this.state.accessTokens)) {
      this.persist.set(['oauth', 'accessTokens', key], { ...grant, expiresAt: Date.now() - 1 });
    }
  }

  /** Revokes every refresh token (tests of "log in again"). */
  revokeRefreshTokens(): void {
    this.persist.set(['oauth', 'refreshTokens'], {});
  }

  /** The client authenticated by HTTP Basic or by client_id/client_secret in the body; 401 invalid_client otherwise. */
  clientAuth(req: SandboxRequest, body: Record<string, string | undefined>): RegisteredClient {
    const { id, secret } = clientCredentials(req, body);
    const client = this.client(id);
    if (!client) throw new OAuthError(401, 'invalid_client', `unknown client_id "${id ?? ''}"`);
    if (!secret || !same(client.secretHash, tokenHash(secret)))
      throw new OAuthError(
        401,
        'invalid_client',
        `client authentication failed: wrong client_secret for "${client.id}"`,
      );
    return client;
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, grant] of Object.entries(this.state.accessTokens)) {
      if (grant.expiresAt < now - 86_400_000) this.persist.set(['oauth', 'accessTokens', key], undefined);
    }
    for (const [key, grant] of Object.entries(this.state.refreshTokens)) {
      if (grant.rotatedAt !== undefined && grant.rotatedAt < now - PRUNE_AFTER_MS)
        this.persist.set(['oauth', 'refreshTokens', key], undefined);
    }
  }
}
