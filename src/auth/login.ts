/** The browser logins (authorization code with PKCE, implicit) over a loopback redirect. */
import { AuthError, InterruptedError, InvError } from '../errors.js';
import type { StoredTokens } from '../config/schema.js';
import { startLoopback, type Callback } from './loopback.js';
import { tokensFrom, type OAuthClient } from './oauth-client.js';
import { authorizeUrl, challengeOf, newState, newVerifier, redirectParams } from './pkce.js';

export interface LoginUI {
  /** Tells the user something (stderr). */
  notify(message: string): void | Promise<void>;
  /** Opens the browser; absent with --no-browser. */
  openBrowser?(url: string): Promise<void>;
  /** Reads the redirect URL the user pastes; present with --no-browser. */
  pastedRedirect?(): Promise<string>;
}

export interface BrowserLoginOptions {
  implicit: boolean;
  port: number;
  scope: string;
  timeoutMs: number;
  signal: AbortSignal;
}

type Answer = { callback: Callback } | { pasted: string };

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(() => reject(new InvError(`no answer from the browser within ${Math.round(ms / 1000)} s`, 'run inv login again; with --no-browser you can paste the redirect URL instead')), ms);
    timer.unref();
  });
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new InterruptedError());
    signal.addEventListener('abort', () => reject(new InterruptedError()), { once: true });
  });
}

/** Runs a browser login and returns the tokens; the browser is told how it ended. */
export async function browserLogin(oauth: OAuthClient, options: BrowserLoginOptions, ui: LoginUI): Promise<StoredTokens> {
  if (!options.implicit) oauth.checkTokenEndpoint();
  const state = newState();
  const verifier = newVerifier();
  const loopback = await startLoopback({ port: options.port, implicit: options.implicit, state });
  try {
    const url = authorizeUrl({
      authUrl: oauth.config.authUrl, clientId: oauth.config.clientId, redirectUri: loopback.redirectUri,
      responseType: options.implicit ? 'token' : 'code', scope: options.scope, state,
      challenge: options.implicit ? undefined : challengeOf(verifier),
    });
    await ui.notify(`Open this URL in a browser to log in:\n\n  ${url}\n`);
    ui.openBrowser?.(url).catch((error: Error) => ui.notify(`could not start a browser (${error.message}): open the URL above yourself`));
    const waits: Array<Promise<Answer>> = [loopback.callback.then((callback) => ({ callback })), timeout(options.timeoutMs), aborted(options.signal)];
    if (ui.pastedRedirect) waits.push(ui.pastedRedirect().then((pasted) => ({ pasted })));
    const answer = await Promise.race(waits);
    const redirect = 'callback' in answer ? answer.callback.url : answer.pasted;
    try {
      const tokens = await complete(oauth, redirect, { ...options, state, verifier, redirectUri: loopback.redirectUri });
      if ('callback' in answer) answer.callback.finish(true, 'inv is now logged in.');
      return tokens;
    } catch (error) {
      if ('callback' in answer) answer.callback.finish(false, (error as Error).message);
      throw error;
    }
  } finally {
    await loopback.close();
  }
}

/** Checks the redirect (error, state) and turns it into tokens: code exchange, or validated implicit token. */
async function complete(
  oauth: OAuthClient,
  redirect: string,
  ctx: BrowserLoginOptions & { state: string; verifier: string; redirectUri: string },
): Promise<StoredTokens> {
  const params = redirectParams(redirect, ctx.implicit);
  if (!params) throw new AuthError('that is not the redirect URL: paste the whole address your browser was sent to (it starts with http://127.0.0.1)');
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    const denied = error === 'access_denied' ? 'access was denied in the browser' : `the authorization server refused: ${error}`;
    throw new AuthError(`login failed: ${denied}${description ? ` (${description})` : ''}`, 'run inv login again and choose Approve');
  }
  if (params.get('state') !== ctx.state) {
    throw new AuthError('login failed: the answer does not belong to this login (state mismatch); nothing was exchanged', 'run inv login again');
  }
  if (!ctx.implicit) {
    const code = params.get('code');
    if (!code) throw new AuthError('login failed: the redirect carries no code');
    return oauth.exchangeCode(code, ctx.redirectUri, ctx.verifier);
  }
  const token = params.get('token') ?? params.get('access_token');
  if (!token) throw new AuthError('login failed: the redirect carries no token');
  const info = await oauth.tokenInfo(token);
  if (info.client_id !== oauth.config.clientId) {
    throw new AuthError(`login failed: the token was issued to another application (client_id "${info.client_id}", expected "${oauth.config.clientId}"); it was not stored`);
  }
  return oauth.bind(tokensFrom({ access_token: token, expires_in: params.get('expires_in') ?? info.expires_in, scope: params.get('scope') ?? info.scope }));
}
