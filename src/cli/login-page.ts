/**
 * The one-use page through which the browser reaches the authorization URL: the browser's argv (which
 * every local user can read) names only a file, 0600 in inv's 0700 runtime directory.
 */
import { rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePrivateDir } from '../config/private-dir.js';
import { privateDirs } from '../config/paths.js';
import { escapeHtml } from '../util/html.js';

export interface LoginPage {
  /** The file: URL to hand to the browser. */
  href: string;
  /** Deletes the page (once the login has ended). */
  remove(): Promise<void>;
}

/** Writes the page that forwards to `url`; `notify` hears a note when the runtime directory had to be tightened. */
export async function writeLoginPage(
  env: Record<string, string | undefined>,
  url: string,
  notify: (note: string) => unknown,
): Promise<LoginPage> {
  const place = privateDirs(env).runtime;
  const note = ensurePrivateDir(place);
  if (note) await notify(note);
  const path = join(place.dir, `login-${randomBytes(12).toString('hex')}.html`);
  const target = escapeHtml(url);
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${target}"><title>inv login</title>
<body style="font-family:system-ui,sans-serif;margin:3rem"><p>Opening the sign-in page… <a href="${target}">continue</a></p></body></html>
`;
  await writeFile(path, page, { mode: 0o600, flag: 'wx' });
  return { href: pathToFileURL(path).href, remove: () => rm(path, { force: true }) };
}
