// Bundles inv into dist/ with one esbuild build, CommonJS throughout (Node's ESM loader costs a one-shot
// command ~60 ms of CPU on this machine: resolving, reading and linking each file, and facades of builtins):
// - dist/cli.js: the entry alone, which answers --version and --help without loading anything else;
// - dist/start.js: the rest of the CLI, our own code and commander in one file (modules imported lazily
//   are evaluated lazily, but read with it);
// - dist/sandbox.js: the sandbox as a library (the demo, tests, benchmarks);
// - dist/vendor/*.js: each heavy package once (zod, pdfkit, bwip-js, prompts, tables, csv, conf, …),
//   shared by the CLI and the sandbox and read only when a command imports it.
// Source maps are written for local debugging; package.json "files" keeps them out of the package.
// The help texts are captured into dist/help.json by a build of their own, removed once it has run.
import { build, transform } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distUpToDate, stampDist } from './build-stamp.mjs';

// `--if-changed` (the test suite's global setup): nothing to do when dist/ is the build of today's inputs.
if (process.argv.includes('--if-changed') && distUpToDate()) process.exit(0);

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dist = new URL('../dist/', import.meta.url);
const distDir = fileURLToPath(dist);
rmSync(dist, { recursive: true, force: true });

// The packages read from dist/vendor/: what src/ imports of them maps to one file each (name → import path).
const VENDOR = {
  zod: 'zod',
  conf: 'conf',
  chalk: 'chalk',
  open: 'open',
  'cli-table3': 'cli-table3',
  'csv-parse': 'csv-parse',
  'csv-parse-sync': 'csv-parse/sync',
  'csv-stringify-sync': 'csv-stringify/sync',
  prompts: '@inquirer/prompts',
  pdfkit: 'pdfkit',
  'bwip-js': 'bwip-js',
  'find-my-way': 'find-my-way',
};
const vendorOf = new Map(Object.entries(VENDOR).map(([name, path]) => [path, name]));

// Our code imports a vendor package through a small ES module of its own, so that esbuild's interop reads
// the vendor file's `default` as an ES module's (our sources are ESM; the vendor files are CommonJS).
const vendorFiles = {
  name: 'vendor-files',
  setup(b) {
    b.onResolve({ filter: /^[@a-z]/ }, (args) => {
      const name = vendorOf.get(args.path);
      if (!name || args.kind === 'entry-point' || !/[\\/]src[\\/]/.test(args.importer)) return undefined;
      return { path: name, namespace: 'vendor' };
    });
    b.onResolve({ filter: /^\.\/vendor\// }, (args) =>
      args.namespace === 'vendor' ? { path: args.path, external: true } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
      contents: `export * from './vendor/${args.path}.js'; export { default } from './vendor/${args.path}.js';`,
      loader: 'js',
    }));
  },
};

// In the split build a vendor package is an external file: the conversion to CommonJS below gives the import the
// same interop as vendorFiles does.
const vendorExternal = {
  name: 'vendor-external',
  setup(b) {
    b.onResolve({ filter: /^[@a-z]/ }, (args) => {
      const name = vendorOf.get(args.path);
      return name && /[\\/]src[\\/]/.test(args.importer) ? { path: `./vendor/${name}.js`, external: true } : undefined;
    });
  },
};

// commander loads node:child_process at start, for executable subcommands that inv does not have:
// it gets a stand-in that loads the real module only if it is ever used.
const leanStart = {
  name: 'lean-start',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('commander') ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

// pdfkit's Node build loads its standard fonts with a require() made by createRequire at run time,
// which the bundle cannot follow (and the installed package has no node_modules): the font modules
// are imported statically instead, so they travel in pdfkit's vendor file.
const pdfkitFonts = {
  name: 'pdfkit-fonts',
  setup(b) {
    b.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, (args) => {
      const names = [];
      const source = readFileSync(args.path, 'utf8').replace(/require\$1\('#standard-fonts\/(\w+)'\)/g, (_, name) => {
        names.push(name);
        return `__font_${name}`;
      });
      if (names.length === 0) throw new Error('pdfkit-fonts: no standard font loaders found in pdfkit');
      const imports = names.map((name) => `import __font_${name} from '#standard-fonts/${name}';`).join('\n');
      return { contents: `${imports}\n${source}`, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

// The entry loads the rest with require(), not import(): one CommonJS loader, no ESM loader at all.
const ownFiles = {
  name: 'own-files',
  setup(b) {
    b.onResolve({ filter: /^\.\/start\.js$/ }, (args) =>
      /entry\.ts$/.test(args.importer) ? { path: './start.js', external: true } : undefined,
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  define: { __INV_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__invFileUrl' },
};
// A file of dist/ knows its URL as __invFileUrl (what import.meta.url becomes); a chunk under dist/chunks/ answers as
// if it were in dist/, so that paths relative to the module (the label fonts) are the same wherever esbuild put it.
const fileUrl = (where) => `var __invFileUrl = require('node:url').pathToFileURL(${where}).href;`;
const cjs = {
  ...common,
  format: 'cjs',
  // import() becomes a lazy require(): every file is CommonJS.
  supported: { 'dynamic-import': false },
  sourcemap: 'linked',
  banner: { js: fileUrl('__filename') },
};

// The entry alone (it answers --version and --help with nothing else loaded) and each vendor package.
await build({
  ...cjs,
  outdir: 'dist',
  entryPoints: {
    cli: 'src/cli/entry.ts',
    ...Object.fromEntries(Object.entries(VENDOR).map(([name, path]) => [`vendor/${name}`, path])),
  },
  plugins: [vendorFiles, ownFiles, leanStart, pdfkitFonts],
});

// The rest of the CLI and the sandbox library: esbuild's code splitting, so that a command reads only the modules it
// runs (what is import()ed lazily is a chunk of its own, shared code is in one chunk, never two copies of a class).
// Splitting is for ES modules only: each file is turned into CommonJS afterwards (`import` → require(), `export` →
// module.exports, import() → a lazy require()).
const split = await build({
  ...common,
  format: 'esm',
  splitting: true,
  write: false,
  sourcemap: 'inline',
  outdir: 'dist',
  entryPoints: { start: 'src/cli/start.ts', sandbox: 'src/sandbox/index.ts' },
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  plugins: [vendorExternal, leanStart, pdfkitFonts],
});
const files = new Map(); // path relative to dist/ → { code, map } in CommonJS
for (const file of split.outputFiles.filter((f) => f.path.endsWith('.js'))) {
  const name = relative(distDir, file.path);
  const inChunks = name.startsWith('chunks/');
  const { code, map } = await transform(file.text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    supported: { 'dynamic-import': false },
    sourcemap: 'external',
    sourcefile: basename(file.path),
    // Only a file that asks for its URL computes it (a module-level pathToFileURL costs every command that loads it).
    banner: file.text.includes('__invFileUrl')
      ? fileUrl(inChunks ? "require('node:path').join(__dirname, '..', 'index.js')" : '__filename')
      : '',
  });
  // Vendor files are imported as ./vendor/NAME.js by whichever file holds the import.
  files.set(name, {
    code: inChunks ? code.replaceAll('require("./vendor/', 'require("../vendor/') : code,
    map: JSON.parse(map),
  });
}
for (const [name, { code, map }] of files) writeOwn(name, code, map);
writeOwn('start.js', ...startWithItsChunks(split.metafile));

/** Writes a file of dist/ with its source map beside it. */
function writeOwn(name, code, map) {
  mkdirSync(join(distDir, dirname(name)), { recursive: true });
  writeFileSync(join(distDir, name), `${code}//# sourceMappingURL=${basename(name)}.map\n`);
  writeFileSync(join(distDir, `${name}.map`), JSON.stringify(map));
}

/**
 * start.js with the chunks every command loads (what it imports statically, transitively) inside it: one file to read
 * and compile rather than ~25 (esbuild splits what start.js shares with the lazily loaded modules into chunks of
 * their own). Each such chunk is registered under its own file name in Node's module cache before it runs, so a lazily
 * loaded chunk that requires it gets the same instance; its file stays in dist/ for the sandbox library, which is
 * loaded without start.js.
 */
function startWithItsChunks(metafile) {
  const staticImports = (name) =>
    metafile.outputs[`dist/${name}`].imports
      .filter((i) => i.kind === 'import-statement' && i.path.startsWith('dist/chunks/'))
      .map((i) => i.path.slice('dist/'.length));
  const inside = new Set();
  const visit = (name) => staticImports(name).forEach((next) => inside.has(next) || (inside.add(next), visit(next)));
  visit('start.js');
  const lines = [
    "var __invChunks = {}, __invModule = require('node:module'), __invPath = require('node:path');",
    '// Runs the chunk `name` (relative to dist/) once, as Node would run its file; its relative requires of chunks in here stay in here.',
    'function __invChunk(name) {',
    '  const filename = __invPath.join(__dirname, name);',
    '  if (__invModule._cache[filename]) return __invModule._cache[filename].exports;',
    '  const m = new __invModule(filename, module);',
    '  m.filename = filename;',
    '  m.paths = module.paths;',
    '  __invModule._cache[filename] = m;',
    '  const own = (id) => __invPath.relative(__dirname, __invPath.join(__invPath.dirname(filename), id));',
    '  const req = Object.assign((id) => (id.startsWith(".") && own(id) in __invChunks ? __invChunk(own(id)) : m.require(id)), {',
    '    resolve: (id) => __invModule._resolveFilename(id, m), cache: __invModule._cache, main: require.main,',
    '  });',
    '  __invChunks[name].call(m.exports, m.exports, req, m, filename, __invPath.dirname(filename));',
    '  m.loaded = true;',
    '  return m.exports;',
    '}',
  ];
  const sections = [];
  for (const name of inside) {
    lines.push(`__invChunks[${JSON.stringify(name)}] = function (exports, require, module, __filename, __dirname) {`);
    sections.push({ offset: { line: lines.length, column: 0 }, map: files.get(name).map });
    lines.push(...files.get(name).code.trimEnd().split('\n'), '};');
  }
  const own = files.get('start.js');
  sections.push({ offset: { line: lines.length, column: 0 }, map: own.map });
  const inlined = (call, name) => (inside.has(name) ? `__invChunk(${JSON.stringify(name)})` : call);
  lines.push(own.code.replaceAll(/require\("\.\/(chunks\/[^"]+)"\)/g, inlined));
  return [lines.join('\n'), { version: 3, sections }];
}
// dist/ is CommonJS; the sandbox library is imported from ES modules too (named exports are found by Node).
writeFileSync(new URL('package.json', dist), '{ "type": "commonjs" }\n');

// The label fonts beside the bundle (an installed inv has no devDependencies): the files src/labels/fonts.ts names.
const fontsSource = readFileSync(new URL('../src/labels/fonts.ts', import.meta.url), 'utf8');
const fontPackage = /const PACKAGE = '([^']+)'/.exec(fontsSource)[1];
mkdirSync(new URL('fonts', dist), { recursive: true });
for (const [file] of fontsSource.matchAll(/[\w/]+\.ttf/g)) {
  copyFileSync(
    createRequire(import.meta.url).resolve(`${fontPackage}/${file}`),
    new URL(`fonts/${basename(file)}`, dist),
  );
}

// The help of every command, stored for the entry's fast path (`inv fees --help` without commander): captured
// from commander by a build of src/cli/help-texts.ts, which is then removed. It is built into dist/ beside the vendor
// files, which it reads rather than bundling them again.
const helper = new URL('help-texts.js', dist);
try {
  await build({
    ...cjs,
    sourcemap: false,
    outdir: 'dist',
    entryPoints: { 'help-texts': 'src/cli/help-texts.ts' },
    plugins: [vendorFiles, leanStart, pdfkitFonts],
  });
  const { allHelpTexts } = await import(helper.href);
  writeFileSync(new URL('help.json', dist), JSON.stringify(await allHelpTexts()));
} finally {
  rmSync(helper, { force: true });
}

stampDist();
