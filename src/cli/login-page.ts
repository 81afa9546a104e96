/**
 * The one-use page through which the browser reaches the authorization URL: the browser's argv (which every local
 * user can read) names only a file, 0600 in a directory inv has just made (0700) in its runtime directory, on a path
 * no other user can swap (docs/decisions.md, 28).
 */
import { constants, existsSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePrivateDir } from '../config/private-dir.js';
import { privateDirs } from '../config/paths.js';
import { UsageError } from '../errors.js';
import { escapeHtml } from '../util/html.js';
import { unswappable } from '../util/own-path.js';

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
  const root = unswappable(place.dir, `set ${place.variable} to a directory of your own (such as /run/user/$UID)`);
  const dir = join(root, `login-${randomBytes(12).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  const target = escapeHtml(url);
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${target}"><title>inv login</title>
<body style="font-family:system-ui,sans-serif;margin:3rem"><p>Opening the sign-in page… <a href="${target}">continue</a></p></body></html>
`;
  const file = join(dir, 'login.html');
  try {
    await writeInto(dir, 'login.html', page);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { href: pathToFileURL(file).href, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Creates `name` in `dir` (new, never through a link) and writes `text`: by the directory's descriptor where Linux
 * offers one (/proc/self/fd), so that the file lands in the directory that was checked, not whatever the path names now.
 */
async function writeInto(dir: string, name: string, text: string): Promise<void> {
  const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_DIRECTORY = 0, O_NOFOLLOW = 0 } = constants;
  const directory = await open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  try {
    const stats = await directory.stat();
    if ((stats.mode & 0o077) !== 0 && process.platform !== 'win32')
      throw new UsageError(`${dir} changed after inv made it (mode ${(stats.mode & 0o777).toString(8)})`);
    const byDescriptor = `/proc/self/fd/${directory.fd}`;
    const path = existsSync(byDescriptor) ? join(byDescriptor, name) : join(dir, name);
    const file = await open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      await file.writeFile(text);
    } finally {
      await file.close();
    }
  } finally {
    await directory.close();
  }
}
