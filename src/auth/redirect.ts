/** The answer of the authorization server (the redirect, received or pasted): checked, then turned into tokens. */
import { AuthError } from '../errors.js';
import type { StoredTokens } from '../config/schema.js';
import { tokensFrom, type OAuthClient } from './oauth-client.js';
import { redirectParams } from './pkce.js';

/** A pasted text that is not this login's redirect: the user may paste again. */
export class NotThisRedirect extends AuthError {}

export interface ExchangeContext {
  implicit: boolean;
  state: string;
  verifier: string;
  redirectUri: string;
  /** How long an authorization code lives, in seconds. */
  codeLifetimeS: number;
  /** The command that starts the login again, for hints. */
  again: string;
  /** True when the redirect was pasted (the user's speed matters). */
  pasted: boolean;
}

/** The redirect's parameters once it is known to answer this login (its state) with a code or a token; throws otherwise. */
export function redirectAnswer(
  redirect: string,
  ctx: Pick<ExchangeContext, 'state' | 'implicit' | 'again'>,
): URLSearchParams {
  const { state, implicit } = ctx;
  const params = redirectParams(redirect, implicit);
  if (!params)
    throw new NotThisRedirect(
      'that is not the redirect URL: paste the whole address your browser was sent to (it starts with http://127.0.0.1)',
    );
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    const denied =
      error === 'access_denied' ? 'access was denied in the browser' : `the authorization server refused: ${error}`;
    throw new AuthError(
      `login failed: ${denied}${description ? ` (${description})` : ''}`,
      `run ${ctx.again} again and choose Approve`,
    );
  }
  if (params.get('state') !== state) {
    throw new NotThisRedirect(
      'the answer does not belong to this login (state mismatch); nothing was exchanged',
      `run ${ctx.again} again`,
    );
  }
  if (!implicit && !params.get('code')) throw new NotThisRedirect('the redirect carries no code');
  if (implicit && !params.get('token') && !params.get('access_token'))
    throw new NotThisRedirect('the redirect carries no token');
  return params;
}

/** Tokens for a checked redirect: the code exchanged at once, or the implicit token validated with tokeninfo. */
export async function exchange(
  oauth: OAuthClient,
  params: URLSearchParams,
  ctx: ExchangeContext,
): Promise<StoredTokens> {
  if (!ctx.implicit) {
    try {
      return await oauth.exchangeCode(params.get('code')!, ctx.redirectUri, ctx.verifier);
    } catch (error) {
      // The server's words for it vary; every known one says "expired".
      if (!(error instanceof AuthError) || !/expired/i.test(error.message)) throw error;
      const s = ctx.codeLifetimeS;
      const advice = ctx.pasted ? `: paste the address within ${s} s of approving` : '';
      throw new AuthError(
        `the authorization code expired before it was exchanged (codes live ${s} s)${advice}`,
        `run ${ctx.again} again and approve in the browser`,
      );
    }
  }
  const token = (params.get('token') ?? params.get('access_token'))!;
  const info = await oauth.tokenInfo(token);
  if (info.client_id !== oauth.config.clientId) {
    throw new AuthError(
      'login failed: the token was issued to another application ' +
        `(client_id "${info.client_id}", expected "${oauth.config.clientId}"); it was not stored`,
    );
  }
  return oauth.bind(
    tokensFrom({
      access_token: token,
      expires_in: params.get('expires_in') ?? info.expires_in,
      scope: params.get('scope') ?? info.scope,
    }),
  );
}
