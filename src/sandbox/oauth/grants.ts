/** The token endpoint's grants (authorization_code with PKCE, password, refresh_token) and the codes they redeem. */
import { createHash } from 'node:crypto';
import type { SandboxRequest } from '../http.js';
import { OAuthError, type OAuthServer, type IssuedTokens } from './server.js';
import { randomToken, tokenHash, type RegisteredClient } from './oauth-state.js';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  userId: string;
  scope: string;
  expiresAt: number;
  /** Set when redeemed: the family of the tokens it gave, revoked if the code comes back. */
  family?: string;
}

/** A PKCE S256 challenge: base64url of a sha256, 43 characters (RFC 7636 §4.2). */
export const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A PKCE verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type Form = Record<string, string | undefined>;

export class TokenEndpoint {
  /** Codes by hash, kept after use (until they expire) so that a replay is recognised. */
  private readonly codes = new Map<string, PendingCode>();
  constructor(private readonly oauth: OAuthServer) {}

  /** A single-use code bound to client, redirect URI and PKCE challenge. */
  issueCode(pending: Omit<PendingCode, 'expiresAt' | 'family'>): string {
    const now = Date.now();
    for (const [key, code] of this.codes) if (code.expiresAt < now - 600_000) this.codes.delete(key);
    const code = randomToken(18);
    this.codes.set(tokenHash(code), { ...pending, expiresAt: now + this.oauth.options.codeTtlMs });
    return code;
  }

  /** Ends the lifetime of every code issued so far (tests of an expired code, which then need not wait it out). */
  expireCodes(): void {
    const past = Date.now() - 1;
    for (const code of this.codes.values()) code.expiresAt = Math.min(code.expiresAt, past);
  }

  /** POST /oauth2/token. */
  async token(req: SandboxRequest): Promise<IssuedTokens> {
    const body = (req.body ?? {}) as Form;
    const client = this.oauth.clientAuth(req, body);
    const grant = body.grant_type;
    let answer: IssuedTokens;
    if (grant === 'authorization_code') answer = this.codeGrant(client, body);
    else if (grant === 'password') answer = await this.passwordGrant(client, body);
    else if (grant === 'refresh_token') answer = this.refreshGrant(client, body);
    else
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        `grant_type "${grant ?? ''}" is not supported: use authorization_code, password or refresh_token`,
      );
    this.oauth.grants[grant] = (this.oauth.grants[grant] ?? 0) + 1;
    return answer;
  }

  private codeGrant(client: RegisteredClient, body: Form): IssuedTokens {
    const pending = body.code ? this.codes.get(tokenHash(body.code)) : undefined;
    if (!pending) throw new OAuthError(400, 'invalid_grant', 'the authorization code is not known');
    if (pending.family !== undefined) {
      this.oauth.revokeFamily(pending.family);
      throw new OAuthError(
        400,
        'invalid_grant',
        'the authorization code was already used; the tokens issued from it are revoked',
      );
    }
    const family = randomToken(9);
    pending.family = family;
    if (pending.expiresAt <= Date.now())
      throw new OAuthError(
        400,
        'invalid_grant',
        `the authorization code has expired (codes are valid ${this.oauth.options.codeTtlMs / 1000} seconds)`,
      );
    if (pending.clientId !== client.id)
      throw new OAuthError(400, 'invalid_grant', 'the authorization code was issued to another client');
    if (body.redirect_uri === undefined)
      throw new OAuthError(
        400,
        'invalid_grant',
        'redirect_uri is required: it was sent with the authorization request',
      );
    if (body.redirect_uri !== pending.redirectUri)
      throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    const verifier = body.code_verifier;
    if (!pending.challenge) {
      if (verifier !== undefined)
        throw new OAuthError(
          400,
          'invalid_grant',
          'code_verifier sent, but the authorization request had no code_challenge (PKCE downgrade)',
        );
    } else if (
      !verifier ||
      !VERIFIER.test(verifier) ||
      createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
    ) {
      throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge (PKCE)');
    }
    return this.oauth.issueTokens(client.id, pending.userId, pending.scope, false, family);
  }

  private async passwordGrant(client: RegisteredClient, body: Form): Promise<IssuedTokens> {
    if (!client.passwordGrant)
      throw new OAuthError(400, 'unauthorized_client', `client "${client.id}" is not approved for the password grant`);
    const user = await this.oauth.userForGrant(body.username ?? '', body.password ?? '');
    return this.oauth.issueTokens(client.id, user.id, body.scope ?? '');
  }

  private refreshGrant(client: RegisteredClient, body: Form): IssuedTokens {
    const token = body.refresh_token ?? '';
    const grant = this.oauth.state.refreshTokens[tokenHash(token)];
    if (!grant)
      throw new OAuthError(400, 'invalid_grant', 'the refresh token is not valid (revoked, rotated or never issued)');
    if (grant.clientId !== client.id)
      throw new OAuthError(400, 'invalid_grant', 'the refresh token was issued to another client');
    if (grant.rotatedAt !== undefined) {
      this.oauth.revokeFamily(grant.family);
      throw new OAuthError(
        400,
        'invalid_grant',
        'the refresh token was already used; every token of this login is revoked (log in again)',
      );
    }
    this.oauth.rotate(token);
    return this.oauth.issueTokens(client.id, grant.userId, grant.scope, false, grant.family);
  }
}
