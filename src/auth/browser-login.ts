/** The browser logins (authorization code with PKCE, implicit): the redirect reaches the loopback listener, or is pasted. */
import { AuthError, InputEndedError, InterruptedError, InvError } from '../errors.js';
import type { StoredTokens } from '../config/schema.js';
import { startLoopback, type Callback } from './loopback.js';
import type { OAuthClient } from './oauth-client.js';
import { authorizeUrl, challengeOf, newState, newVerifier } from './pkce.js';
import { exchange, NotThisRedirect, redirectAnswer, type ExchangeContext } from './redirect.js';

export interface LoginUI {
  /** Tells the user something (stderr). */
  notify(message: string): void | Promise<void>;
  /** Opens the browser; absent with --no-browser. */
  openBrowser?(url: string): Promise<void>;
  /** Reads the next line the user pastes (undefined once stdin has ended); present with --no-browser. */
  readPaste?(): Promise<string | undefined>;
  /** Stores the tokens; resolves to what the browser is told (who is logged in, in which profile). */
  accept(tokens: StoredTokens): Promise<string>;
}

export interface BrowserLoginOptions {
  implicit: boolean;
  port: number;
  scope: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** How long an authorization code lives, in seconds (the user who pastes is told). */
  codeLifetimeS: number;
  /** The command that starts this login again, for hints (`inv login --no-browser`). */
  again: string;
}

/** Pastes that are not this login's redirect before the login gives up. */
export const PASTE_TRIES = 3;

type Answer = { callback: Callback } | { pasted: URLSearchParams };

function timeout(ms: number, again: string): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new InvError(
            `no answer from the browser within ${Math.round(ms / 1000)} s`,
            `run ${again} again; with --no-browser you can paste the redirect URL instead`,
          ),
        ),
      ms,
    );
    timer.unref();
  });
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new InterruptedError());
    signal.addEventListener('abort', () => reject(new InterruptedError()), { once: true });
  });
}

/** Asks for the redirect until a paste answers this login, up to PASTE_TRIES; stops quietly once `stop` is aborted. */
async function pastedRedirect(
  ui: LoginUI,
  ctx: ExchangeContext & { signal: AbortSignal },
  stop: AbortSignal,
): Promise<URLSearchParams> {
  const within = `within ${ctx.codeLifetimeS} s of approving (the code expires)`;
  for (let tries = 1; ;) {
    const count = tries > 1 ? `, try ${tries} of ${PASTE_TRIES}` : '';
    await ui.notify(
      `Paste the address your browser was sent to (http://127.0.0.1:…/callback?…) ${within}, and press Enter${count}:`,
    );
    const line = await ui.readPaste!();
    if (stop.aborted) return new URLSearchParams();
    if (line === undefined && ctx.signal.aborted) throw new InterruptedError();
    if (line === undefined) {
      throw new InputEndedError(
        'stdin ended before the redirect URL was pasted; nothing was exchanged',
        `run ${ctx.again} in a terminal, or forward the port (ssh -L) so that the browser finishes the login`,
      );
    }
    if (!line.trim()) continue;
    try {
      return redirectAnswer(line, ctx);
    } catch (error) {
      if (!(error instanceof NotThisRedirect)) throw error;
      if (tries === PASTE_TRIES)
        throw new AuthError(
          `${error.message}; no valid redirect URL after ${PASTE_TRIES} tries, nothing was exchanged`,
          `run ${ctx.again} again`,
        );
      await ui.notify(error.message);
      tries += 1;
    }
  }
}

/**
 * Runs a browser login and returns the stored tokens. With a paste reader, the loopback listener stays
 * open beside it (a forwarded port can finish the login): the first answer wins, the other is stopped.
 */
export async function browserLogin(
  oauth: OAuthClient,
  options: BrowserLoginOptions,
  ui: LoginUI,
): Promise<StoredTokens> {
  if (!options.implicit) oauth.checkTokenEndpoint();
  const state = newState();
  const verifier = newVerifier();
  const loopback = await startLoopback({ port: options.port, implicit: options.implicit, state });
  const answered = new AbortController();
  try {
    const url = authorizeUrl({
      authUrl: oauth.config.authUrl,
      clientId: oauth.config.clientId,
      redirectUri: loopback.redirectUri,
      responseType: options.implicit ? 'token' : 'code',
      scope: options.scope,
      state,
      challenge: options.implicit ? undefined : challengeOf(verifier),
    });
    await ui.notify(`Open this URL in a browser to log in:\n\n  ${url}\n`);
    ui.openBrowser?.(url).catch((error: Error) =>
      ui.notify(`could not start a browser (${error.message}): open the URL above yourself`),
    );
    const ctx = { ...options, state, verifier, redirectUri: loopback.redirectUri, pasted: false };
    const waits: Array<Promise<Answer>> = [
      loopback.callback.then((callback) => ({ callback })),
      timeout(options.timeoutMs, options.again),
      aborted(options.signal),
    ];
    if (ui.readPaste)
      waits.push(pastedRedirect(ui, { ...ctx, pasted: true }, answered.signal).then((pasted) => ({ pasted })));
    const answer = await Promise.race(waits);
    answered.abort();
    const callback = 'callback' in answer ? answer.callback : undefined;
    try {
      const params = callback ? redirectAnswer(callback.url, ctx) : (answer as { pasted: URLSearchParams }).pasted;
      const tokens = await exchange(oauth, params, { ...ctx, pasted: !callback });
      const said = await ui.accept(tokens);
      callback?.finish(true, said);
      return tokens;
    } catch (error) {
      callback?.finish(false, (error as Error).message);
      throw error;
    }
  } finally {
    answered.abort();
    await loopback.close();
  }
}
