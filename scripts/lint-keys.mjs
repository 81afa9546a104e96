// What a file's lint result depends on, as one key: the file, every file it imports (statically, by `import()` or by
// require(), transitively: the type-aware rules read their types), and what every file depends on (the ESLint and
// TypeScript configs, the lockfile, declaration files and global declarations). Same key, same result.
import { createHash } from 'node:crypto';
import { dirname, join, normalize } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"\n]+)['"]/g;
const GLOBAL_DECLARATION = /\bdeclare\s+(?:global|module)\b/;
/** Files every lint result depends on, besides declaration files. */
export const SHARED_INPUTS = ['eslint.config.js', 'tsconfig.json', 'package-lock.json', 'package.json'];

/** The repository-relative files `file` imports by a relative specifier that resolve to one of `known`. */
export function importsOf(file, text, known) {
  const found = new Set();
  for (const [, specifier] of text.matchAll(SPECIFIER)) {
    const base = normalize(join(dirname(file), specifier));
    const candidates = [
      base,
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.mjs$/, '.mts'),
      `${base}.ts`,
      join(base, 'index.ts'),
    ];
    const hit = candidates.find((candidate) => known.has(candidate));
    if (hit) found.add(hit);
  }
  return [...found];
}

/**
 * The key of each of `files` (a Map of repository-relative path to its text), given the texts of SHARED_INPUTS in
 * `shared` (a Map too): a change to a file changes its key and the keys of every file that imports it, directly or not.
 */
export function lintKeys(files, shared) {
  const digest = (text) => createHash('sha256').update(text).digest('hex');
  const own = new Map([...files].map(([file, text]) => [file, digest(`${file}\0${text}`)]));
  const everywhere = createHash('sha256');
  for (const [file, text] of [...shared].sort(([a], [b]) => a.localeCompare(b)))
    everywhere.update(`${file}\0${text}\0`);
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    if (file.endsWith('.d.ts') || GLOBAL_DECLARATION.test(text)) everywhere.update(own.get(file));
  const common = everywhere.digest('hex');
  const known = new Set(files.keys());
  const edges = new Map([...files].map(([file, text]) => [file, importsOf(file, text, known)]));
  const keys = new Map();
  for (const file of files.keys()) {
    const reached = new Set([file]);
    for (const next of reached) for (const imported of edges.get(next)) reached.add(imported);
    keys.set(file, digest([common, ...[...reached].sort().map((f) => own.get(f))].join('\0')));
  }
  return keys;
}
