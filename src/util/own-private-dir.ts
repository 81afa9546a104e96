/** A directory of this user's that nobody else may write to: where inv keeps code it loads (compile cache, keyring binding). */
import { lstatSync, mkdirSync } from 'node:fs';

/** Makes `dir` if needed; true only when it is a directory of this user open to nobody else (a library loaded from it runs as inv). */
export function ownPrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = lstatSync(dir);
    // Windows has no owner or mode bits here: the user's profile folder keeps it theirs (docs/decisions.md, 29).
    if (process.getuid === undefined) return stats.isDirectory();
    return stats.isDirectory() && stats.uid === process.getuid() && (stats.mode & 0o077) === 0;
  } catch {
    return false;
  }
}
