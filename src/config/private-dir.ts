/** Directories inv keeps secrets and journals in: owned by the user and open to nobody else, as ssh's StrictModes wants. */
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  statSync,
  type Stats,
} from 'node:fs';
import { addRoot, checkedUid, unsafeDir } from '../util/own-dir.js';
import { UsageError } from '../errors.js';
import type { PrivatePlace } from './paths.js';

/**
 * Checks `dir` if it exists (and records it as a root for ensureOwnDir): a directory of ours open to others
 * is tightened to 0700 (the note saying so is returned); one of another user, a shared sticky one (like
 * /tmp), one reached through a link and open to others, or one that cannot be fixed is refused (exit 2).
 */
export function checkPrivateDir({ dir, what, variable }: PrivatePlace): string | undefined {
  addRoot(dir);
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const uid = checkedUid();
  if (uid === undefined) return undefined;
  const elsewhere = `or set ${variable} to a directory of your own`;
  // A link the user made (to a directory of theirs elsewhere) is followed; what it reaches is never chmod'ed.
  const linked = stats.isSymbolicLink();
  if (linked && stats.uid !== uid && stats.uid !== 0) {
    throw new UsageError(
      `${what} ${dir} is a symbolic link made by uid ${stats.uid}, not by you (uid ${uid}): it could be pointed anywhere`,
      `remove it: rm '${dir}', ${elsewhere}`,
    );
  }
  if (linked) stats = statSync(dir);
  const unsafe = unsafeDir(stats);
  const mode = (stats.mode & 0o7777).toString(8).padStart(4, '0');
  if (unsafe?.kind === 'not-directory')
    throw new UsageError(`${what} ${dir} is not a directory`, `remove it, ${elsewhere}`);
  if (unsafe?.kind === 'owner') {
    throw new UsageError(
      `${what} ${dir} belongs to uid ${stats.uid}, not to you (uid ${uid}): another user could change what inv keeps there`,
      `make it yours: sudo chown ${uid} '${dir}' && chmod 700 '${dir}', ${elsewhere}`,
    );
  }
  if (unsafe === undefined && ((stats.mode & 0o077) === 0 || linked)) return undefined;
  const refuse = () =>
    new UsageError(`${what} ${dir} is open to other users (mode ${mode})`, `run: chmod 700 '${dir}', ${elsewhere}`);
  // A sticky directory is shared by design (like /tmp): tightening it would break it for others.
  if (stats.mode & 0o1000 || linked) throw refuse();
  // By descriptor, never by a second lookup of the path: what is tightened is the directory just checked.
  try {
    const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      const now = fstatSync(fd);
      if (now.dev !== stats.dev || now.ino !== stats.ino) throw refuse();
      fchmodSync(fd, 0o700);
    } finally {
      closeSync(fd);
    }
  } catch {
    throw refuse();
  }
  return `note: ${what} ${dir} was open to other users (mode ${mode}); inv tightened it to 0700`;
}

/** Creates `dir` 0700 (with its parents), or checks an existing one as checkPrivateDir does; returns its note, if any. */
export function ensurePrivateDir(place: PrivatePlace): string | undefined {
  mkdirSync(place.dir, { recursive: true, mode: 0o700 });
  return checkPrivateDir(place);
}
