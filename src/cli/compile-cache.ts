/**
 * Keeps V8's compiled code of the built CLI between runs (Node 22.1+ through module.enableCompileCache, Node 20
 * through our own cache below): a one-shot command then compiles little of its ~1 MB of code.
 * The cache lives in a directory of the user's own (0700), written atomically; V8 rejects data from another
 * Node or other flags, and a rejected or missing entry is written anew at exit. NODE_DISABLE_COMPILE_CACHE turns it off.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { Script } from 'node:vm';
import { writeWholeSync } from '../util/atomic-write.js';
import { localAppData } from '../config/paths.js';
import { ownPrivateDir } from '../util/own-private-dir.js';

type Env = Record<string, string | undefined>;

interface Internals {
  _compile(content: string, filename: string): unknown;
  require(id: string): unknown;
  exports: unknown;
  paths: string[];
}

/** The directory of the compile cache: $XDG_CACHE_HOME/inv/v8, else %LOCALAPPDATA%\\inv\\cache\\v8 on Windows, else ~/.cache/inv/v8. */
export function compileCacheDir(env: Env): string {
  if (!env.XDG_CACHE_HOME && process.platform === 'win32') return join(localAppData(env), 'inv', 'cache', 'v8');
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'inv', 'v8');
}

/**
 * Keeps the compiled code of `codeDir` (the built CLI) in `cacheDir`, a directory of the user's own: through
 * Node's compile cache on Node 22.1+ (never its default in the shared TMPDIR), through our own on Node 20.
 */
export function useCompileCache(codeDir: string, cacheDir: string, env: Env): void {
  if (env.NODE_DISABLE_COMPILE_CACHE || !ownPrivateDir(cacheDir)) return;
  const nodeCache = (Module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (nodeCache) {
    nodeCache(join(cacheDir, 'node'));
    return;
  }
  const proto = Module.prototype as unknown as Internals;
  const compile = proto._compile;
  const pending: Array<() => void> = [];
  proto._compile = function (this: Internals, content: string, filename: string) {
    if (!filename.startsWith(codeDir + sep)) return compile.call(this, content, filename);
    // A file rewritten in place gets a new ctime (no program sets it) and usually a new inode: no stale entry is used.
    const { ino, size, ctimeMs } = statSync(filename);
    const file = join(
      cacheDir,
      `${basename(filename)}-${ino}-${size}-${Math.round(ctimeMs)}-${process.version}-${process.arch}`,
    );
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {
      // not cached yet
    }
    const script = new Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) {
      // At exit the data holds the functions this run compiled, not only the top level.
      if (pending.length === 0) process.once('exit', () => (pending.forEach((write) => write()), prune(cacheDir)));
      pending.push(() => writeAtomically(file, script.createCachedData()));
    }
    const require = Object.assign((id: string) => this.require(id), {
      resolve: (request: string) =>
        (Module as unknown as { _resolveFilename(r: string, m: unknown): string })._resolveFilename(request, this),
      main: require_main(),
      cache: (Module as unknown as { _cache: unknown })._cache,
    });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };
}

/** The main module, as a module's own `require.main`. */
function require_main(): unknown {
  return (process as unknown as { mainModule?: unknown }).mainModule;
}

/** Keeps the newest 400 entries: a build is ~170 files, of which a command reads a few dozen (builds and installs come and go). */
function prune(dir: string): void {
  try {
    const entries = readdirSync(dir).map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }));
    for (const { name } of entries.sort((a, b) => b.at - a.at).slice(400)) rmSync(join(dir, name), { force: true });
  } catch {
    // another run pruned at the same time
  }
}

/** Writes `data` to `file` whole; a failure only means no cache next time. */
function writeAtomically(file: string, data: Buffer): void {
  try {
    writeWholeSync(file, data);
  } catch {
    // a full or read-only disk: the next run compiles as usual
  }
}
