/** The credentials a client sends to the token endpoint: HTTP Basic, or client_id and client_secret in the body. */
import type { SandboxRequest } from '../http.js';
import { OAuthError } from './oauth-error.js';

/** The client id and secret of a request: from Authorization: Basic when sent (RFC 6749 §2.3.1), else from the body. */
export function clientCredentials(
  req: SandboxRequest,
  body: Record<string, string | undefined>,
): { id: string | undefined; secret: string | undefined } {
  const header = req.headers.authorization;
  if (header === undefined) return { id: body.client_id, secret: body.client_secret };
  const basic = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(header);
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  try {
    if (!basic || colon < 0) throw new URIError();
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError(
      401,
      'invalid_client',
      'malformed client credentials: send Authorization: Basic base64(urlencoded id ":" urlencoded secret)',
      { 'www-authenticate': 'Basic realm="oauth"' },
    );
  }
}
