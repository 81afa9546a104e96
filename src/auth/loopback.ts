/** The one-shot loopback listener of `inv login`: 127.0.0.1 only, one callback answered, then closed. */
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

/** The page shown in the browser once the login is done or has failed. */
export function resultPage(ok: boolean, message: string): string {
  const title = ok ? 'Logged in' : 'Login failed';
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>inv: ${title}</title><body style="font-family:system-ui;max-width:32rem;margin:3rem auto">
<h1 style="color:${ok ? '#1b7f3b' : '#b00020'}">${title}</h1><p>${escapeHtml(message)}</p><p>You can close this tab and return to the terminal.</p></body></html>`;
}

function sendPage(res: ServerResponse, status: number, page: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(page);
}

/** Listens on 127.0.0.1:`port` (0: an ephemeral port) for the redirect of one login. */
export async function startLoopback(options: { port: number; implicit: boolean }): Promise<Loopback> {
  let consumed = false;
  let deliver!: (callback: Callback) => void;
  const callback = new Promise<Callback>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isFragment = req.method === 'POST' && url.pathname === '/callback/fragment';
    if (url.pathname !== '/callback' && !isFragment) return sendPage(res, 404, resultPage(false, 'Not found.'));
    if (consumed) return sendPage(res, 409, resultPage(false, 'This login was already answered; start a new one with inv login.'));
    // The implicit flow's token is in the fragment, which browsers never send: serve the bridge page first.
    if (options.implicit && !isFragment && !url.searchParams.has('error')) return sendPage(res, 200, FRAGMENT_BRIDGE);
    consumed = true;
    const finish = (ok: boolean, message: string) => sendPage(res, ok ? 200 : 400, resultPage(ok, message));
    if (!isFragment) return deliver({ url: `${redirectUri}${url.search}`, finish });
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => deliver({ url: `${redirectUri}#${body}`, finish }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new InvError(`port ${options.port} on 127.0.0.1 is in use`, 'choose another with --port, or stop what uses it'));
      else reject(error);
    });
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
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
