// What a file's lint result depends on, as one key: the file, every file it imports (statically, by `import()` or by
// require(), transitively: the type-aware rules read their types), and what every file depends on (the ESLint and
// TypeScript configs, the lockfile, declaration files and global declarations). Same key, same result. `files` holds
// every file an import may reach (JSON too), not only the linted ones.
import { createHash } from 'node:crypto';
import { dirname, join, normalize } from 'node:path';

// Relative specifiers after `from`, `import`, `import(`, `require(` (quoted or in backticks without a substitution)
// and in triple-slash references. Catching one too many only relints more; missing one would skip a changed result.
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|<reference\s+path\s*=\s*)(['"`])(\.{1,2}\/[^'"`$\n]+)\1/g;
const GLOBAL_DECLARATION = /\bdeclare\s+(?:global|module)\b/;
const DECLARATION_FILE = /\.d\.[^/]*ts$/;
/** Files every lint result depends on, besides declaration files: ESLint's and TypeScript's configs wherever they are. */
export const SHARED_INPUT =
  /(?:^|\/)(?:tsconfig[^/]*\.json|jsconfig\.json|eslint\.config\.[^/]+|package(?:-lock)?\.json)$/;
/** Settings under which TypeScript resolves imports this module does not follow. */
export const UNFOLLOWED_IMPORTS = /"(?:paths|baseUrl|rootDirs|imports|exports)"\s*:/;

/** The repository-relative files `file` imports by a relative specifier that resolve to one of `known`. */
export function importsOf(file, text, known) {
  const found = new Set();
  for (const [, , specifier] of text.matchAll(SPECIFIER)) {
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
 * The key of each of `files` (a Map of repository-relative path to its text), given the texts of the shared inputs in
 * `shared` (a Map too): a change to a file changes its key and the keys of every file that imports it, directly or not.
 * `everyFile` makes every key depend on every file (for imports this module cannot follow: path aliases, package
 * self-references).
 */
export function lintKeys(files, shared, { everyFile = false } = {}) {
  const digest = (text) => createHash('sha256').update(text).digest('hex');
  const own = new Map([...files].map(([file, text]) => [file, digest(`${file}\0${text}`)]));
  const everywhere = createHash('sha256');
  for (const [file, text] of [...shared].sort(([a], [b]) => a.localeCompare(b)))
    everywhere.update(`${file}\0${text}\0`);
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    if (everyFile || DECLARATION_FILE.test(file) || GLOBAL_DECLARATION.test(text)) everywhere.update(own.get(file));
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
