/**
 * Files and paths inv hands on, by the rule of own-dir.ts: a file opened never through a link and checked by its
 * descriptor, and a path no other user can swap before another program opens it.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync } from 'node:fs';
import { join, parse, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { checkedUid, refuseUnsafe } from './own-dir.js';

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opens `file` (in a directory ensureOwnDir checked) with `flags`, never through a symbolic link, and
 * checks the open file itself: a regular file of this user with no second name (a hard link another
 * user made to a file of ours would have inv write into that one).
 */
export function openOwnFile(file: string, flags: number, mode = 0o600): number {
  let fd: number;
  try {
    fd = openSync(file, flags | NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      refuseUnsafe(file, { kind: 'link', text: 'is a symbolic link' });
    throw error;
  }
  const stats = fstatSync(fd);
  const uid = checkedUid();
  if (uid !== undefined) {
    const problem = !stats.isFile()
      ? 'is not a regular file'
      : stats.uid !== uid
        ? `belongs to uid ${stats.uid}, not to you (uid ${uid})`
        : stats.nlink > 1
          ? `has ${stats.nlink} names (a hard link to it was made)`
          : undefined;
    if (problem) {
      closeSync(fd);
      throw new UsageError(
        `${file} ${problem}: another user could change what inv keeps there`,
        `remove it: rm '${file}'`,
      );
    }
  }
  return fd;
}

/**
 * The real path of `dir`, once no other user can swap it for something else: each directory above it is root's or
 * this user's, and one others may write in is sticky (which keeps what is ours in it ours); else refused (exit 2).
 */
export function unswappable(dir: string, hint: string): string {
  const real = realpathSync(dir);
  const uid = checkedUid();
  if (uid === undefined) return real;
  const { root } = parse(real);
  let at = root;
  for (const part of ['', ...real.slice(root.length).split(sep).filter(Boolean)].slice(0, -1)) {
    at = join(at, part);
    const stats = lstatSync(at);
    const mode = (stats.mode & 0o7777).toString(8).padStart(4, '0');
    const why =
      stats.uid !== 0 && stats.uid !== uid
        ? `belongs to uid ${stats.uid}`
        : stats.mode & 0o022 && !(stats.mode & 0o1000)
          ? `is writable by other users and not sticky (mode ${mode})`
          : undefined;
    if (why) throw new UsageError(`${at}, above ${dir}, ${why}: another user could swap what inv keeps there`, hint);
  }
  return real;
}
