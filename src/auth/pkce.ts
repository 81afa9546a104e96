/** OAuth request parameters: state, PKCE S256, the authorization URL, and reading the redirect back. Pure. */
import { createHash, randomBytes } from 'node:crypto';
import { apiUrl } from '../http/url.js';

/** A random state of 128 bits, base64url. */
export function newState(): string {
  return randomBytes(16).toString('base64url');
}

/** A PKCE code verifier: 32 random bytes, base64url (43 characters). */
export function newVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** The S256 code challenge of a verifier. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface AuthorizeRequest {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  responseType: 'code' | 'token';
  scope: string;
  state: string;
  /** Only for the code flow. */
  challenge?: string;
}

/** The authorization address with the documented parameters, plus PKCE when a challenge is given. */
export function authorizeUrl(req: AuthorizeRequest): string {
  const url = apiUrl(req.authUrl, '/oauth2/auth');
  const params: Record<string, string> = {
    redirect_uri: req.redirectUri,
    client_id: req.clientId,
    response_type: req.responseType,
    scope: req.scope,
    state: req.state,
  };
  if (req.responseType === 'code') params.type = 'web_server';
  if (req.challenge) Object.assign(params, { code_challenge: req.challenge, code_challenge_method: 'S256' });
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** The parameters a redirect carried: the query for the code flow, the fragment for the implicit flow. */
export function redirectParams(redirect: string, implicit: boolean): URLSearchParams | undefined {
  let url: URL;
  try {
    url = new URL(redirect.trim());
  } catch {
    return undefined;
  }
  const fromFragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (implicit) return fromFragment;
  // An error can come back in the query even in the implicit flow, and vice versa; prefer what is there.
  return url.searchParams.size > 0 ? url.searchParams : fromFragment;
}
