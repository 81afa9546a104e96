/**
 * The one-shot loopback listener of `inv login`: 127.0.0.1 only, one callback answered, then closed.
 * Any other local process can reach it, so a request is taken only with our Host and our state;
 * anything else gets a 400 and the listener keeps waiting for the real callback.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvError } from '../errors.js';
import { escapeHtml } from '../util/html.js';

export interface Callback {
  /** The redirect as received: query for the code flow, `#fragment` for the implicit flow. */
  url: string;
  /** Answers the browser with a success or failure page; the listener closes afterwards. */
  finish(ok: boolean, message: string): void;
}

export interface Loopback {
  redirectUri: string;
  /** Resolves with the first callback; later requests are refused. */
  callback: Promise<Callback>;
  close(): Promise<void>;
}

/** The page that reads the fragment (implicit flow) and hands it to the listener. */
const FRAGMENT_BRIDGE = `<!doctype html><meta charset="utf-8"><title>inv login</title><body style="font-family:system-ui;margin:3rem">
<p id="m">Completing login…</p><script>
fetch('/callback/fragment', { method: 'POST', body: location.hash.slice(1) })
  .then((r) => r.text()).then((t) => { document.open(); document.write(t); document.close(); })
  .catch(() => { document.getElementById('m').textContent = 'Could not reach inv; is it still running?'; });
</script>`;

/** The page shown in the browser once the login is done (`message` says who and where) or has failed (`message` says why). */
export function resultPage(ok: boolean, message: string): string {
  const title = ok ? 'Logged in' : 'Login failed';
  const after = ok ? '' : '<p>You can close this tab; the terminal says what to do next.</p>';
  // Under a "Login failed" heading the error's own "login failed: " would say it twice.
  const text = ok ? message : message.replace(/^login failed: /, '').replace(/^./, (c) => c.toUpperCase());
  const head =
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">';
  return `${head}<title>inv: ${title}</title>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1 style="color:${ok ? '#1b7f3b' : '#b00020'}">${title}</h1><p>${escapeHtml(text)}</p>${after}</body></html>`;
}

function sendPage(res: ServerResponse, status: number, page: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(page);
}

const NOT_OURS =
  "This request does not belong to the login in progress; inv is still waiting for the authorization server's answer.";

/** Listens on 127.0.0.1:`port` (0: an ephemeral port) for the redirect of the login whose state is `state`. */
export async function startLoopback(options: { port: number; implicit: boolean; state: string }): Promise<Loopback> {
  let consumed = false;
  let deliver!: (callback: Callback) => void;
  const callback = new Promise<Callback>((resolve) => (deliver = resolve));
  const take = (res: ServerResponse, params: URLSearchParams, url: string) => {
    if (consumed)
      return sendPage(res, 409, resultPage(false, 'This login was already answered; start a new one with inv login.'));
    if (params.get('state') !== options.state) return sendPage(res, 400, resultPage(false, NOT_OURS));
    consumed = true;
    deliver({ url, finish: (ok, message) => sendPage(res, ok ? 200 : 400, resultPage(ok, message)) });
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isFragment = req.method === 'POST' && url.pathname === '/callback/fragment';
    // Only the address the authorization server redirects to: a page elsewhere cannot reach us by a DNS name.
    if (req.headers.host !== `127.0.0.1:${port}`) return sendPage(res, 400, resultPage(false, 'Wrong Host.'));
    if (url.pathname !== '/callback' && !isFragment) return sendPage(res, 404, resultPage(false, 'Not found.'));
    // The implicit flow's token is in the fragment, which browsers never send: serve the bridge page first.
    if (options.implicit && !isFragment && !url.searchParams.has('error'))
      return sendPage(
        res,
        consumed ? 409 : 200,
        consumed ? resultPage(false, 'This login was already answered.') : FRAGMENT_BRIDGE,
      );
    if (!isFragment) return take(res, url.searchParams, `${redirectUri}${url.search}`);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk.length + body.length > 16_384 ? '' : chunk));
    req.on('end', () => take(res, new URLSearchParams(body), `${redirectUri}#${body}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(
          new InvError(
            `port ${options.port} on 127.0.0.1 is in use`,
            'choose another with --port, or stop what uses it',
          ),
        );
      else reject(error);
    });
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  return {
    redirectUri,
    callback,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
