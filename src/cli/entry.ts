/**
 * Process entry, built on its own as CommonJS: answers --version, --help and the profile names shell
 * completion asks for before Node's ESM loader starts (help texts are stored at build time in
 * help.json), and otherwise imports the rest of inv (start.js, ESM).
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDir, configFile } from '../config/paths.js';
import { helpRequest } from './help-request.js';
import { packagedAsset } from '../util/packaged.js';

declare const __INV_VERSION__: string | undefined;

/** Runs inv for `argv` (without node and script) and resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // The build inlines the version; from source it is read from package.json.
    const version = typeof __INV_VERSION__ === 'string' ? __INV_VERSION__ : (await import('../version.js')).version();
    process.stdout.write(version + '\n');
    return 0;
  }
  if (argv.join(' ') === 'profile list --names') {
    const names = storedProfileNames();
    if (names) {
      process.stdout.write(names.map((name) => `${name}\n`).join(''));
      return 0;
    }
  }
  const help = await helpText(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return 0;
  }
  if (typeof __INV_VERSION__ === 'string') {
    const { compileCacheDir, useCompileCache } = await import('./compile-cache.js');
    useCompileCache(dirname(fileURLToPath(import.meta.url)), compileCacheDir(process.env), process.env);
  }
  const { start } = await import('./start.js');
  return start(argv);
}

/**
 * The stored help for argv, when it only asks for help and the text fits: commander wraps at the
 * terminal's width, and the stored texts are 80 columns wide.
 */
async function helpText(argv: string[]): Promise<string | undefined> {
  const key = helpRequest(argv);
  if (key === undefined || typeof __INV_VERSION__ !== 'string') return undefined;
  if (process.stdout.isTTY && (process.stdout.columns ?? 80) < 80) return undefined;
  try {
    const stored = packagedAsset('help.json') ?? readFileSync(new URL('./help.json', import.meta.url));
    const texts = JSON.parse(stored.toString('utf8')) as Record<string, string>;
    return texts[key];
  } catch {
    return undefined; // no stored texts: commander answers
  }
}

/**
 * The stored profile names, read straight from the config file (completion asks for them on each Tab);
 * undefined when the file cannot be read, so that the full command says why.
 */
function storedProfileNames(): string[] | undefined {
  try {
    const file = JSON.parse(readFileSync(configFile(configDir(process.env)), 'utf8')) as {
      profiles?: Record<string, unknown>;
    };
    return Object.keys(file.profiles ?? {});
  } catch {
    return undefined;
  }
}
