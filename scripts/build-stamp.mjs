// Whether dist/ is the build of today's inputs, by content: a digest of every input (src/, the build scripts, the
// package and the installed packages' lock) and of dist/ as written, kept in dist/.build-stamp.json. A change to any
// input, or to any file of dist/ (an edit, a file removed), makes them differ, and `build.mjs --if-changed` builds.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join('dist', '.build-stamp.json');
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
];

/** Every file under `dir`, relative to `root`, sorted. */
function filesUnder(root, dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** One digest of the names and contents of `files` under `root` (a missing file counts as missing). */
function digest(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = join(root, file);
    const content = existsSync(full) ? readFileSync(full) : undefined;
    hash.update(`${file}\0${content?.length ?? -1}\0`);
    if (content) hash.update(content);
  }
  return hash.digest('hex');
}

const inputs = (root) => digest(root, [...INPUT_FILES, ...filesUnder(root, 'src')]);
const outputs = (root) =>
  digest(
    root,
    filesUnder(root, 'dist').filter((file) => file !== STAMP),
  );

/** True when `root`/dist holds the build of today's inputs, untouched since. */
export function distUpToDate(root = REPO) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
    return stamp.inputs === inputs(root) && stamp.outputs === outputs(root);
  } catch {
    return false;
  }
}

/** Records what `root`/dist was built from, and what it holds. */
export function stampDist(root = REPO) {
  writeFileSync(join(root, STAMP), JSON.stringify({ inputs: inputs(root), outputs: outputs(root) }) + '\n');
}
