/**
 * The rule for every directory inv writes in below its config, state and runtime roots: inv made it just
 * now, or it is a real directory (not a link) of this user that no one else can write; otherwise exit 2.
 * Nothing below a root is ever tightened: a directory inv did not make is not inv's to chmod.
 */
import { lstatSync, mkdirSync, type Stats } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';

/**
 * This user's uid when owners and modes are checked; undefined on Windows (no owner or mode bits of this kind), where
 * every check of this module is skipped.
 */
export function checkedUid(): number | undefined {
  return process.platform === 'win32' ? undefined : process.getuid?.();
}

/** Why a directory is not safe to write in: the kind decides what can be done about it. */
export interface Unsafe {
  kind: 'link' | 'not-directory' | 'owner' | 'open';
  /** The reason, after the directory's name: "belongs to uid 65534, not to you (uid 0)". */
  text: string;
}

/**
 * What makes the directory with these stats (lstat's, or fstat's of an open descriptor) unsafe to write
 * in, or nothing when it is this user's own and closed to others (nothing on Windows: see checkedUid).
 */
export function unsafeDir(stats: Stats): Unsafe | undefined {
  const uid = checkedUid();
  if (uid === undefined) return undefined;
  if (stats.isSymbolicLink()) return { kind: 'link', text: 'is a symbolic link' };
  if (!stats.isDirectory()) return { kind: 'not-directory', text: 'is not a directory' };
  if (stats.uid !== uid) return { kind: 'owner', text: `belongs to uid ${stats.uid}, not to you (uid ${uid})` };
  if (stats.mode & 0o022) {
    const mode = (stats.mode & 0o7777).toString(8).padStart(4, '0');
    return { kind: 'open', text: `is writable by other users (mode ${mode})` };
  }
  return undefined;
}

/** The roots this process was given (by main, from its environment). */
const roots = new Set<string>();

/** Records `dir` as a root: directories below it are checked all the way down from it. */
export function addRoot(dir: string): void {
  roots.add(resolve(dir));
}

/** The outermost recorded root that holds `dir` (or is it). */
function rootOf(dir: string): string | undefined {
  let found: string | undefined;
  for (const root of roots) {
    if ((dir === root || dir.startsWith(root + sep)) && (found === undefined || root.length < found.length))
      found = root;
  }
  return found;
}

/** Refuses `dir` (exit 2) when it is unsafe, naming it and what to do. */
export function refuseUnsafe(dir: string, unsafe: Unsafe): never {
  const hint = {
    link: `remove the link (inv makes a directory of its own there): rm '${dir}'`,
    'not-directory': `move it away: inv keeps a directory of its own there`,
    owner:
      `remove it (inv makes its own): sudo rm -r '${dir}', ` +
      `or make it yours: sudo chown -R ${process.getuid?.()} '${dir}' && chmod 700 '${dir}'`,
    open: `if what it holds is yours, run: chmod go-w '${dir}'; else remove it`,
  }[unsafe.kind];
  throw new UsageError(`${dir} ${unsafe.text}: another user could change what inv keeps there`, hint);
}

/** Makes `dir` if missing, one level at a time (0700), or checks it: refused when inv did not make it and it is not safe. */
function makeOrCheck(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const unsafe = unsafeDir(lstatSync(dir));
  if (unsafe) refuseUnsafe(dir, unsafe);
}

/**
 * Makes `dir` and every missing directory between its root and it, and checks each one that was there:
 * the directory inv may write in. Outside every root (a test's own file) only `dir` itself is checked.
 */
export function ensureOwnDir(dir: string): void {
  const target = resolve(dir);
  const root = rootOf(target);
  if (root === undefined) {
    mkdirSync(target, { recursive: true, mode: 0o700 });
    makeOrCheck(target);
    return;
  }
  mkdirSync(root, { recursive: true, mode: 0o700 });
  let at = root;
  for (const part of relative(root, target).split(sep).filter(Boolean)) {
    at = join(at, part);
    makeOrCheck(at);
  }
}
