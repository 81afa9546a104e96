/** The OAuth endpoints on the inventory server: /oauth2/auth, /oauth2/token, /oauth2/revoke, /oauth2/tokeninfo. */
import { html, redirect, type Reply, type SandboxRequest, type SandboxServer } from '../http.js';
import { ConsentGuard, PAGE_HEADERS } from './consent.js';
import { CHALLENGE, TokenEndpoint } from './grants.js';
import { errorPage, loginPage } from './oauth-pages.js';
import { OAuthError, type OAuthServer } from './server.js';
import { redirectAllowed, type RegisteredClient } from './oauth-state.js';
import { Throttled } from './throttle.js';

/** The OAuth endpoints take form-encoded bodies (RFC 6749 §4.1.3, RFC 7009 §2.1). */
const FORM = { form: true };
const AUTH_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'type',
  'code_challenge',
  'code_challenge_method',
];
type Params = Record<string, string | undefined>;

/** The redirect URI with parameters added to its query (code flow) or fragment (implicit flow). */
function back(redirectUri: string, params: Params, inFragment = false): Reply {
  const url = new URL(redirectUri);
  const extra = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') extra.set(k, v);
  if (inFragment) url.hash = extra.toString();
  else for (const [k, v] of extra) url.searchParams.set(k, v);
  return { ...redirect(url.href), headers: { location: url.href, 'cache-control': 'no-store' } };
}

/** Answers OAuthError as {error, error_description}, the OAuth way. */
function oauthJson(handler: (req: SandboxRequest) => unknown) {
  return async (req: SandboxRequest): Promise<Reply> => {
    try {
      return { body: await handler(req), headers: { 'cache-control': 'no-store' } };
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      const headers: Record<string, string> = {
        ...(error.status === 401 ? { 'www-authenticate': 'Basic realm="oauth"' } : {}),
        ...error.headers,
      };
      return { status: error.status, body: { error: error.error, error_description: error.message }, headers };
    }
  };
}

function page(body: string, status = 200, extra: Record<string, string> = {}): Reply {
  return { ...html(body, status), headers: { ...PAGE_HEADERS, ...extra } };
}

interface Checked {
  params: Record<string, string>;
  scopes: string[];
  clientName: string;
  redirectUri: string;
}

/** Checks an authorization request: client and redirect (errors shown, never redirected), then type and PKCE (errors redirected). */
function checkAuthRequest(oauth: OAuthServer, params: Params): { refused: Reply } | { ok: Checked } {
  const client: RegisteredClient | undefined = oauth.client(params.client_id);
  if (!client)
    return { refused: page(errorPage('Cannot sign in', `unknown client_id "${params.client_id ?? ''}"`), 400) };
  const redirectUri = params.redirect_uri ?? '';
  if (!redirectAllowed(client, redirectUri)) {
    return {
      refused: page(
        errorPage(
          'Cannot sign in',
          `redirect_uri "${redirectUri}" is not registered for client "${client.id}"` +
            ' (it must match exactly; only a loopback port may differ)',
        ),
        400,
      ),
    };
  }
  const state = params.state;
  const type = params.response_type;
  const refuse = (error: string, description: string) => ({
    refused: back(redirectUri, { error, error_description: description, state }, type === 'token'),
  });
  if (type !== 'code' && type !== 'token')
    return refuse('unsupported_response_type', 'response_type must be code or token');
  if (type === 'code') {
    const challenge = params.code_challenge;
    if (challenge === undefined && client.pkceRequired)
      return refuse(
        'invalid_request',
        `client "${client.id}" must use PKCE: send code_challenge with code_challenge_method=S256`,
      );
    if (challenge !== undefined && params.code_challenge_method !== 'S256')
      return refuse('invalid_request', 'only code_challenge_method=S256 is supported');
    if (challenge !== undefined && !CHALLENGE.test(challenge))
      return refuse(
        'invalid_request',
        'code_challenge must be 43 base64url characters (the S256 hash of the verifier)',
      );
  }
  const carried = Object.fromEntries(AUTH_PARAMS.flatMap((k) => (params[k] !== undefined ? [[k, params[k]!]] : [])));
  const scopes = (params.scope ?? '').split(/[\s,]+/).filter(Boolean);
  return { ok: { params: carried, scopes, clientName: client.name, redirectUri } };
}

/** Registers the OAuth routes and the sandbox's token controls. */
export function oauthRoutes(server: SandboxServer, oauth: OAuthServer): TokenEndpoint {
  const tokens = new TokenEndpoint(oauth);
  const consent = new ConsentGuard();
  const form = (checked: Checked, status = 200, extra: { error?: string; username?: string } = {}) => {
    const { token, setCookie } = consent.issue(checked.params);
    return page(
      loginPage({
        clientName: checked.clientName,
        scopes: checked.scopes,
        params: checked.params,
        csrf: token,
        ...extra,
      }),
      status,
      { 'set-cookie': setCookie },
    );
  };

  server.route('GET', '/oauth2/auth', (req) => {
    const result = checkAuthRequest(oauth, Object.fromEntries(req.query));
    return 'refused' in result ? result.refused : form(result.ok);
  });

  server.route(
    'POST',
    '/oauth2/auth',
    async (req) => {
      const body = (req.body ?? {}) as Params;
      const result = checkAuthRequest(oauth, body);
      if ('refused' in result) return result.refused;
      const refusal = consent.refusal(req, body);
      if (refusal) return page(errorPage('Cannot sign in', refusal), 403);
      const checked = result.ok;
      const { params, redirectUri } = checked;
      const implicit = params.response_type === 'token';
      if (body.decision !== 'approve') {
        return back(
          redirectUri,
          { error: 'access_denied', error_description: 'the user denied the request', state: params.state },
          implicit,
        );
      }
      let user;
      try {
        user = await oauth.authenticateUser(body.username ?? '', body.password ?? '');
      } catch (error) {
        if (!(error instanceof Throttled)) throw error;
        return form(checked, 429, { error: error.message, username: body.username });
      }
      if (!user) return form(checked, 401, { error: 'Wrong username or password.', username: body.username });
      const scope = checked.scopes.join(' ');
      if (implicit) {
        const t = oauth.issueTokens(params.client_id!, user.id, scope, true);
        return back(
          redirectUri,
          {
            token: t.access_token,
            access_token: t.access_token,
            token_type: 'bearer',
            expires_in: String(t.expires_in),
            scope,
            state: params.state,
          },
          true,
        );
      }
      const code = tokens.issueCode({
        clientId: params.client_id!,
        redirectUri,
        challenge: params.code_challenge,
        userId: user.id,
        scope,
      });
      return back(redirectUri, { code, state: params.state });
    },
    FORM,
  );

  server.route(
    'POST',
    '/oauth2/token',
    oauthJson((req) => tokens.token(req)),
    FORM,
  );

  server.route(
    'POST',
    '/oauth2/revoke',
    oauthJson((req) => {
      const body = (req.body ?? {}) as Params;
      const client = oauth.clientAuth(req, body);
      if (!body.token) throw new OAuthError(400, 'invalid_request', 'token is required');
      oauth.revoke(client, body.token);
      return {};
    }),
    FORM,
  );

  server.route(
    'GET',
    '/oauth2/tokeninfo',
    oauthJson((req) => {
      const info = oauth.tokenInfo(req.query.get('access_token'));
      return {
        client_id: info.clientId,
        user_id: info.userId,
        user: info.user.email,
        scope: info.scope,
        expires_in: Math.max(0, Math.floor((info.expiresAt - Date.now()) / 1000)),
      };
    }),
  );

  server.route('POST', '/_sandbox/oauth/expire-access-tokens', () => {
    oauth.expireAccessTokens();
    return { body: { ok: true } };
  });
  server.route('POST', '/_sandbox/oauth/revoke-refresh-tokens', () => {
    oauth.revokeRefreshTokens();
    return { body: { ok: true } };
  });
  return tokens;
}
