/** The OAuth server's persistent state: registered clients, users, and the tokens it issued. */
import { randomBytes } from 'node:crypto';

export interface OAuthClient {
  id: string;
  secret: string;
  name: string;
  /** Registered redirect URIs; loopback ones match any port (RFC 8252 section 7.3). */
  redirectUris: string[];
  /** Approved for the password grant. */
  passwordGrant: boolean;
}

export interface User {
  id: string;
  username: string;
  email: string;
  name: string;
  password: string;
}

export interface AccessGrant {
  clientId: string;
  userId: string;
  scope: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface OAuthState {
  clients: OAuthClient[];
  users: User[];
  accessTokens: Record<string, AccessGrant>;
  refreshTokens: Record<string, Omit<AccessGrant, 'expiresAt'>>;
}

/** A random token of `bytes` bytes, base64url. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** A fresh state: the inv client, a partner app (another client, for tests of token mix-ups) and a demo user. */
export function initialOAuthState(): OAuthState {
  const loopback = ['http://127.0.0.1/callback', 'http://[::1]/callback', 'http://localhost/callback'];
  return {
    clients: [
      { id: 'inv-cli', secret: randomToken(18), name: 'inv command-line tool', redirectUris: loopback, passwordGrant: true },
      { id: 'partner-app', secret: randomToken(18), name: 'Partner reporting app', redirectUris: ['https://partner.example.com/oauth/callback', ...loopback], passwordGrant: false },
    ],
    users: [{ id: '1001', username: 'demo', email: 'demo@example.com', name: 'Demo Seller', password: randomToken(9) }],
    accessTokens: {},
    refreshTokens: {},
  };
}

/** Whether `uri` is one of the client's redirect URIs; loopback URIs match on any port. */
export function redirectAllowed(client: OAuthClient, uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash) return false;
  return client.redirectUris.some((registered) => {
    const r = new URL(registered);
    const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(r.hostname) && r.protocol === 'http:';
    if (loopback) return url.protocol === 'http:' && url.hostname === r.hostname && url.pathname === r.pathname;
    return url.href === r.href;
  });
}
