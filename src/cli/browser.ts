/**
 * Opens a URL in a browser: the program named by BROWSER, else the system default (via `open`). Only http(s) URLs, and
 * inv's login page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { InvError } from '../errors.js';
import { terminalSafe } from '../util/sanitize.js';

function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
    child.once('error', reject);
  });
}

/**
 * The URL as it may be handed to a browser: http(s) only (never file:, javascript: or a text that a
 * browser would read as an option), and on `origin` when given. Throws an InvError saying why not.
 */
export function openableUrl(text: string, origin?: string): string {
  const shown = JSON.stringify(terminalSafe(text.slice(0, 200)));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvError(`not opening ${shown}: it is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvError(`not opening ${shown}: only http and https URLs are opened`);
  if (origin && url.origin !== origin) throw new InvError(`not opening ${shown}: it is not on ${origin}`);
  // The normalised href starts with "http", so no browser can take it for an option.
  return url.href;
}

/**
 * Starts the browser on `url` without waiting for it to close; rejects when it cannot start or the URL may not be opened.
 * With `page`, `text` is the file: URL of the login page inv wrote itself (src/cli/login-page.ts).
 */
export async function openBrowser(
  text: string,
  env: Record<string, string | undefined>,
  options: { origin?: string; page?: boolean } = {},
): Promise<void> {
  if (options.page && !text.startsWith('file:///'))
    throw new InvError(`not opening ${JSON.stringify(terminalSafe(text.slice(0, 200)))}: not a local page`);
  const url = options.page ? text : openableUrl(text, options.origin);
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [command, ...args] = browser.split(/\s+/) as [string, ...string[]];
    return started(spawn(command, [...args, url], { detached: true, stdio: 'ignore', env: env as NodeJS.ProcessEnv }));
  }
  if (process.platform === 'win32') return started(windowsDefault(url, env));
  const { default: open } = await import('open');
  return started(await open(url));
}

/**
 * Windows' own handler of URLs (the default browser; a file: URL's program), with the URL as one argument that no
 * shell reads: `cmd /c start` would split it at "&", and PowerShell (what `open` uses) must outlive us to open anything.
 * Detached, so that it is not killed with us when inv exits at once (after --open-labels).
 */
function windowsDefault(url: string, env: Record<string, string | undefined>): ChildProcess {
  const rundll32 = `${env.SystemRoot || env.SYSTEMROOT || 'C:\\Windows'}\\System32\\rundll32.exe`;
  return spawn(rundll32, ['url.dll,FileProtocolHandler', url], { detached: true, stdio: 'ignore', windowsHide: true });
}

/**
 * True in an SSH session (SSH_CONNECTION or SSH_TTY) with no BROWSER and no display: a browser would open, if at all,
 * on the far machine.
 */
export function sshWithoutBrowser(env: Record<string, string | undefined>): boolean {
  const set = (name: string) => Boolean(env[name]?.trim());
  return (set('SSH_CONNECTION') || set('SSH_TTY')) && !set('BROWSER') && !set('DISPLAY') && !set('WAYLAND_DISPLAY');
}

/**
 * True where no browser can be opened at all: no BROWSER and, on a system whose browsers need one (not
 * macOS or Windows), no X or Wayland display — a container or a text console.
 */
export function noBrowserHere(env: Record<string, string | undefined>, platform: string = process.platform): boolean {
  const set = (name: string) => Boolean(env[name]?.trim());
  return platform !== 'darwin' && platform !== 'win32' && !set('BROWSER') && !set('DISPLAY') && !set('WAYLAND_DISPLAY');
}
