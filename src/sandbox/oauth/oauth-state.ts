/** The OAuth server's persistent state: registered clients, users, and hashes of the tokens it issued. */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface RegisteredClient {
  id: string;
  /** sha256 of the client secret (a random 144-bit value, so a fast hash is enough). */
  secretHash: string;
  name: string;
  /** Registered redirect URIs; loopback ones match any port (RFC 8252 section 7.3). */
  redirectUris: string[];
  /** Approved for the password grant. */
  passwordGrant: boolean;
  /** A public native client: the code flow needs PKCE S256 (RFC 9700 section 2.1.1). */
  pkceRequired?: boolean;
}

export interface User {
  id: string;
  username: string;
  email: string;
  name: string;
  /** `scrypt$<salt>$<hash>` (or `scrypt-<cost>$…`), both base64url. */
  passwordHash: string;
}

export interface AccessGrant {
  clientId: string;
  userId: string;
  scope: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Every token of one login (its code, its refreshes) shares a family; revoking it ends them all. */
  family: string;
}

export interface RefreshGrant extends Omit<AccessGrant, 'expiresAt'> {
  /** When it was exchanged for a new pair; presenting it again is a replay. */
  rotatedAt?: number;
}

export interface OAuthState {
  clients: RegisteredClient[];
  users: User[];
  /** Keyed by tokenHash(token): the data file never holds a usable token. */
  accessTokens: Record<string, AccessGrant>;
  refreshTokens: Record<string, RefreshGrant>;
}

/**
 * A random token of `bytes` bytes, base64url, never starting with "-": people paste client secrets
 * and passwords as command-line arguments, where a leading "-" reads as an option.
 */
export function randomToken(bytes = 24): string {
  for (;;) {
    const token = randomBytes(bytes).toString('base64url');
    if (!token.startsWith('-')) return token;
  }
}

/** The key under which a token, code or client secret is stored: sha256, base64url. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Whether two strings are equal, in time independent of where they differ. */
export function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * scrypt's cost N for password hashes: the default, and the most a stored hash may ask for (a data file cannot make
 * a login cost more). A sandbox may be given a lower one (its tests are, as test suites lower bcrypt's cost).
 */
export const PASSWORD_COST = 16_384;

function scryptOf(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: cost, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The cost a hash's kind names (`scrypt` is the default's, `scrypt-N` a lower one's); undefined for any other. */
function costOf(kind: string | undefined): number | undefined {
  if (kind === 'scrypt') return PASSWORD_COST;
  const cost = Number(/^scrypt-([1-9]\d*)$/.exec(kind ?? '')?.[1]);
  return validCost(cost) && cost < PASSWORD_COST ? cost : undefined;
}

/** Whether `cost` is a power of two from 2 to PASSWORD_COST. */
function validCost(cost: number): boolean {
  return Number.isInteger(cost) && cost >= 2 && cost <= PASSWORD_COST && (cost & (cost - 1)) === 0;
}

/** Throws a RangeError naming the rule unless `cost` is a power of two from 2 to PASSWORD_COST. */
export function checkPasswordCost(cost: number): void {
  if (!validCost(cost)) throw new RangeError(`passwordCost ${cost} is not a power of two from 2 to ${PASSWORD_COST}`);
}

/** An scrypt hash of a password at `cost`, with a fresh salt: `scrypt$<salt>$<hash>`, or `scrypt-<cost>$…`. */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  checkPasswordCost(cost);
  const salt = randomBytes(16);
  const kind = cost === PASSWORD_COST ? 'scrypt' : `scrypt-${cost}`;
  return `${kind}$${salt.toString('base64url')}$${(await scryptOf(password, salt, cost)).toString('base64url')}`;
}

/** Whether `password` matches a hash made by hashPassword. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  const [kind, salt, hash] = parts;
  const cost = costOf(kind);
  if (parts.length !== 3 || cost === undefined || !salt || !hash) return false;
  return same((await scryptOf(password, Buffer.from(salt, 'base64url'), cost)).toString('base64url'), hash);
}

const LOOPBACK_REDIRECTS = ['http://127.0.0.1/callback', 'http://[::1]/callback', 'http://localhost/callback'];

/**
 * A fresh state: the inv client, a partner app (another client, for tests of token mix-ups) and a demo user;
 * secrets are set by rotateSecrets.
 */
export function initialOAuthState(): OAuthState {
  return {
    clients: [
      {
        id: 'inv-cli',
        secretHash: '',
        name: 'inv command-line tool',
        redirectUris: LOOPBACK_REDIRECTS,
        passwordGrant: true,
        pkceRequired: true,
      },
      {
        id: 'partner-app',
        secretHash: '',
        name: 'Partner reporting app',
        redirectUris: ['https://partner.example.com/oauth/callback', ...LOOPBACK_REDIRECTS],
        passwordGrant: false,
      },
    ],
    users: [{ id: '1001', username: 'demo', email: 'demo@example.com', name: 'Demo Seller', passwordHash: '' }],
    accessTokens: {},
    refreshTokens: {},
  };
}

type Legacy = Omit<OAuthState, 'clients' | 'users'> & {
  clients: Array<RegisteredClient & { secret?: string }>;
  users: Array<User & { password?: string }>;
};

/** Brings a state written by an older sandbox (secrets and tokens in clear) to hashes only. */
export function upgradeOAuthState(loaded: OAuthState | undefined): OAuthState {
  if (!loaded) return initialOAuthState();
  const old = loaded as unknown as Legacy;
  const rehash = <T extends object>(table: Record<string, T>) =>
    Object.fromEntries(
      Object.entries(table).map(([key, grant]) =>
        'family' in grant ? [key, grant] : [tokenHash(key), { ...grant, family: randomToken(9) }],
      ),
    );
  return {
    clients: old.clients.map(({ secret, ...c }) => ({
      ...c,
      secretHash: c.secretHash ?? (secret ? tokenHash(secret) : ''),
      pkceRequired: c.pkceRequired ?? c.id === 'inv-cli',
    })),
    users: old.users.map(({ password: _clear, ...u }) => ({ ...u, passwordHash: u.passwordHash ?? '' })),
    accessTokens: rehash(old.accessTokens) as Record<string, AccessGrant>,
    refreshTokens: rehash(old.refreshTokens) as Record<string, RefreshGrant>,
  };
}

/** Whether `uri` is one of the client's redirect URIs: exact, except the port of loopback ones (RFC 8252 §7.3). */
export function redirectAllowed(client: Pick<RegisteredClient, 'redirectUris'>, uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash || url.search || url.username || url.password || url.href !== uri || url.port === '0') return false;
  return client.redirectUris.some((registered) => {
    const r = new URL(registered);
    const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(r.hostname) && r.protocol === 'http:';
    if (loopback) return url.protocol === 'http:' && url.hostname === r.hostname && url.pathname === r.pathname;
    return url.href === r.href;
  });
}
