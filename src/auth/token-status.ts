/** What the authorization server says of the access token in use, with the bearer hook's one refresh on rejection. */
import { AuthError } from '../errors.js';
import type { OAuthClient, TokenInfo } from './oauth-client.js';
import type { TokenProvider } from './tokens.js';

/**
 * The tokeninfo of the current access token. A rejected stored token is refreshed once and asked
 * about again (as every bearer request does); a token of another client is an AuthError.
 */
export async function tokenStatus(tokens: TokenProvider, oauth: OAuthClient): Promise<TokenInfo> {
  // The stored token goes only to its own origin's tokeninfo.
  let token = await tokens.accessToken(new URL(oauth.config.baseUrl));
  let info: TokenInfo;
  try {
    info = await oauth.tokenInfo(token);
  } catch (error) {
    if (!(error instanceof AuthError) || tokens.source === 'INV_TOKEN') throw error;
    token = await tokens.refresh(token);
    info = await oauth.tokenInfo(token);
  }
  if (info.client_id !== oauth.config.clientId) {
    throw new AuthError(
      `the token belongs to another application (client_id "${info.client_id}", expected "${oauth.config.clientId}")`,
      'log in again: inv login',
    );
  }
  return info;
}
