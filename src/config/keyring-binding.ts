/**
 * Where a keyring child finds the native binding: @napi-rs/keyring in node_modules, or, in a standalone executable,
 * the .node file it carries as an asset, written once to a private cache directory under its hash (process.dlopen
 * needs a file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeWholeSync } from '../util/atomic-write.js';
import { nodeCrypto } from '../util/lazy-crypto.js';
import { packagedAsset } from '../util/packaged.js';
import { localAppData } from './paths.js';
import { ownPrivateDir } from '../util/own-private-dir.js';

type Env = Record<string, string | undefined>;

export interface KeyringBinding {
  /** The module to load: @napi-rs/keyring's entry, or a .node file (a standalone executable's). */
  path?: string;
  /** Whether this process is a standalone executable (its child is itself, not node -e). */
  standalone: boolean;
  /** Why there is no binding. */
  reason?: string;
}

/**
 * The cache of the binding a standalone executable carries: $XDG_CACHE_HOME/inv/keyring,
 * %LOCALAPPDATA%\\inv\\cache\\keyring on Windows, else ~/.cache/inv/keyring.
 */
export function keyringCacheDir(env: Env, platform: string = process.platform): string {
  if (!env.XDG_CACHE_HOME && platform === 'win32') return join(localAppData(env), 'inv', 'cache', 'keyring');
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'inv', 'keyring');
}

/** The binding a standalone executable carries, written to the cache when it is not there as it should be. */
function carried(env: Env): KeyringBinding {
  const asset = packagedAsset('keyring.node');
  if (!asset) return { standalone: true, reason: 'this executable carries no keyring binding' };
  const sha = (data: Uint8Array) => nodeCrypto().createHash('sha256').update(data).digest('hex');
  const hash = sha(asset);
  const dir = keyringCacheDir(env);
  if (!ownPrivateDir(dir)) return { standalone: true, reason: `${dir} is not a private directory of yours` };
  const file = join(dir, `keyring-${hash.slice(0, 16)}.node`);
  try {
    if (!existsSync(file) || sha(readFileSync(file)) !== hash) writeWholeSync(file, asset, { mode: 0o700 });
  } catch (error) {
    return { standalone: true, reason: `its binding could not be written to ${dir}: ${(error as Error).message}` };
  }
  return { path: file, standalone: true };
}

/** The keyring binding of this process, or why there is none. */
export function keyringBinding(env: Env): KeyringBinding {
  const sea = process.getBuiltinModule('node:sea') as { isSea?(): boolean } | undefined;
  if (sea?.isSea?.()) return carried(env);
  try {
    return { path: createRequire(import.meta.url).resolve('@napi-rs/keyring'), standalone: false };
  } catch {
    return { standalone: false, reason: 'the keyring binding (@napi-rs/keyring) is not installed' };
  }
}
