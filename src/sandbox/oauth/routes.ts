/** The OAuth endpoints on the inventory server: /oauth2/auth, /oauth2/token, /oauth2/tokeninfo. */
import { html, redirect, type Reply, type SandboxRequest, type SandboxServer } from '../http.js';
import { errorPage, loginPage } from './pages.js';
import { OAuthError, type OAuthServer } from './server.js';

const AUTH_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'type', 'code_challenge', 'code_challenge_method'];

/** The redirect URI with parameters added to its query (code flow) or fragment (implicit flow). */
function back(redirectUri: string, params: Record<string, string | undefined>, inFragment = false): Reply {
  const url = new URL(redirectUri);
  const extra = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') extra.set(k, v);
  if (inFragment) url.hash = extra.toString();
  else for (const [k, v] of extra) url.searchParams.set(k, v);
  return redirect(url.href);
}

/** Answers OAuthError as {error, error_description}, the OAuth way. */
function oauthJson(handler: (req: SandboxRequest) => unknown) {
  return (req: SandboxRequest): Reply => {
    try {
      return { body: handler(req), headers: { 'cache-control': 'no-store' } };
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      const headers: Record<string, string> = error.status === 401 ? { 'www-authenticate': 'Basic realm="oauth"' } : {};
      return { status: error.status, body: { error: error.error, error_description: error.message }, headers };
    }
  };
}

/** Registers the OAuth routes and the sandbox's token controls. */
export function oauthRoutes(server: SandboxServer, oauth: OAuthServer): void {
  type Checked = { params: Record<string, string>; scopes: string[]; clientName: string; redirectUri: string };
  /** The checked authorization request, or the reply that refuses it. */
  const authRequest = (params: Record<string, string | undefined>): { refused: Reply } | { ok: Checked } => {
    let checked;
    try {
      checked = oauth.checkAuthRequest(params);
    } catch (error) {
      return { refused: html(errorPage('Cannot sign in', (error as Error).message), 400) };
    }
    const { client, redirectUri } = checked;
    const state = params.state;
    const type = params.response_type;
    if (type !== 'code' && type !== 'token') {
      return { refused: back(redirectUri, { error: 'unsupported_response_type', error_description: 'response_type must be code or token', state }) };
    }
    if (params.code_challenge && (params.code_challenge_method ?? 'plain') !== 'S256') {
      return { refused: back(redirectUri, { error: 'invalid_request', error_description: 'only code_challenge_method=S256 is supported', state }) };
    }
    const carried = Object.fromEntries(AUTH_PARAMS.flatMap((k) => (params[k] ? [[k, params[k]!]] : [])));
    const scopes = (params.scope ?? '').split(/[\s,]+/).filter(Boolean);
    return { ok: { params: carried, scopes, clientName: client.name, redirectUri } };
  };

  server.route('GET', '/oauth2/auth', (req) => {
    const result = authRequest(Object.fromEntries(req.query));
    if ('refused' in result) return result.refused;
    const checked = result.ok;
    return html(loginPage({ clientName: checked.clientName, scopes: checked.scopes, params: checked.params }));
  });

  server.route('POST', '/oauth2/auth', (req) => {
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    const result = authRequest(form);
    if ('refused' in result) return result.refused;
    const checked = result.ok;
    const { params, redirectUri } = checked;
    const implicit = params.response_type === 'token';
    if (form.decision !== 'approve') {
      return back(redirectUri, { error: 'access_denied', error_description: 'the user denied the request', state: params.state }, implicit);
    }
    const user = oauth.authenticateUser(form.username ?? '', form.password ?? '');
    if (!user) {
      return html(loginPage({ ...checked, error: 'Wrong username or password.', username: form.username }), 401);
    }
    const scope = checked.scopes.join(' ');
    if (implicit) {
      const t = oauth.issueTokens(params.client_id!, user.id, scope, true);
      return back(redirectUri, { token: t.access_token, access_token: t.access_token, token_type: 'bearer', expires_in: String(t.expires_in), scope, state: params.state }, true);
    }
    const code = oauth.issueCode({ clientId: params.client_id!, redirectUri, challenge: params.code_challenge, userId: user.id, scope });
    return back(redirectUri, { code, state: params.state });
  });

  server.route('POST', '/oauth2/token', oauthJson((req) => oauth.token(req)));

  server.route('GET', '/oauth2/tokeninfo', oauthJson((req) => {
    const info = oauth.tokenInfo(req.query.get('access_token'));
    return {
      client_id: info.clientId,
      user_id: info.userId,
      user: info.user.email,
      scope: info.scope,
      expires_in: Math.max(0, Math.floor((info.expiresAt - Date.now()) / 1000)),
    };
  }));

  server.route('POST', '/_sandbox/oauth/expire-access-tokens', () => {
    oauth.expireAccessTokens();
    return { body: { ok: true } };
  });
  server.route('POST', '/_sandbox/oauth/revoke-refresh-tokens', () => {
    oauth.revokeRefreshTokens();
    return { body: { ok: true } };
  });
}

