// `npm run lint`'s ESLint: every file of the repository, except those whose lint key (scripts/lint-keys.mjs) is the
// one they last passed with: nothing they depend on changed, so their result cannot have either. The type-aware rules
// make a full run ~25 s of CPU; a rerun after a change relints the changed files and what imports them. The keys of
// passing files are kept in node_modules/.cache/inv-lint.json; `--all` (or a missing cache) lints everything.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { lintKeys, SHARED_INPUT, UNFOLLOWED_IMPORTS } from './lint-keys.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CACHE = join(REPO, 'node_modules', '.cache', 'inv-lint.json');
const LINTED = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/** The repository's files (tracked, and new ones git does not ignore), or undefined outside a git checkout. */
function repositoryFiles() {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return listed
      .split('\0')
      .filter((file) => file && existsSync(join(REPO, file)) && statSync(join(REPO, file)).isFile());
  } catch {
    return undefined;
  }
}

/** Keys kept per file: an edit tried and undone finds its earlier key still there. */
const KEPT = 3;

/** The keys each file passed with lately, newest first (empty when there is no cache, or it is unreadable). */
function passedKeys() {
  try {
    const passed = JSON.parse(readFileSync(CACHE, 'utf8')).passed;
    return new Map(Object.entries(passed).filter(([, keys]) => Array.isArray(keys)));
  } catch {
    return new Map();
  }
}

const eslint = new ESLint({ cwd: REPO });
const all = repositoryFiles();
let results;
let keys = new Map();
let unchanged = 0;
const before = process.argv.includes('--all') ? new Map() : passedKeys();
if (all === undefined) {
  results = await eslint.lintFiles(['.']);
} else {
  const linted = [];
  for (const file of all) if (LINTED.test(file) && !(await eslint.isPathIgnored(join(REPO, file)))) linted.push(file);
  const read = (file) => readFileSync(join(REPO, file), 'utf8');
  const reachable = new Map(all.filter((f) => LINTED.test(f) || f.endsWith('.json')).map((f) => [f, read(f)]));
  const shared = new Map(all.filter((f) => SHARED_INPUT.test(f)).map((f) => [f, reachable.get(f) ?? read(f)]));
  const everyFile = [...shared.values()].some((text) => UNFOLLOWED_IMPORTS.test(text));
  const every = lintKeys(reachable, shared, { everyFile });
  keys = new Map(linted.map((file) => [file, every.get(file)]));
  const due = linted.filter((file) => !before.get(file)?.includes(keys.get(file)));
  unchanged = linted.length - due.length;
  results = due.length > 0 ? await eslint.lintFiles(due.map((file) => join(REPO, file))) : [];
}

if (keys.size > 0) {
  const outcome = new Map(results.map((r) => [r.filePath, r.messages.length === 0]));
  const passed = new Map();
  for (const [file, key] of keys) {
    const earlier = (before.get(file) ?? []).filter((k) => k !== key);
    const clean = outcome.get(join(REPO, file)) ?? before.get(file)?.includes(key);
    passed.set(file, clean ? [key, ...earlier].slice(0, KEPT) : earlier);
  }
  mkdirSync(dirname(CACHE), { recursive: true });
  // Through a rename: a run beside this one reads the old cache or the new, never half of one.
  writeFileSync(`${CACHE}.${process.pid}`, JSON.stringify({ passed: Object.fromEntries(passed) }));
  renameSync(`${CACHE}.${process.pid}`, CACHE);
}

const report = await (await eslint.loadFormatter('stylish')).format(results);
if (report) process.stdout.write(report);
if (keys.size > 0)
  process.stdout.write(`eslint: ${results.length} files linted, ${unchanged} unchanged since they passed\n`);
process.exitCode = results.some((r) => r.errorCount > 0 || r.fatalErrorCount > 0) ? 1 : 0;
