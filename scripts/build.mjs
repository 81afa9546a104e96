// Bundles inv into dist/ with esbuild, in two parts:
// - dist/cli.cjs: the entry alone, CommonJS, which answers --version and --help without loading anything else;
// - dist/start.js and dist/sandbox.js: the rest, ESM with split chunks, so heavy modules (prompts,
//   tables, zod, conf, the sandbox) load only when a command needs them.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

// inv speaks HTTP/1.1. undici loads node:http2 (and with it node:tls) at start only for its optional
// HTTP/2 client, inside a try/catch that falls back when the module is missing: leaving it out of the
// CLI bundle saves ~20 ms on every command.
// commander loads node:child_process at start, for executable subcommands that inv does not have:
// it gets a stand-in that loads the real module only if it is ever used.
const startPlugins = {
  name: 'lean-start',
  setup(b) {
    b.onResolve({ filter: /^(node:)?http2$/ }, (args) => (args.importer.includes('undici') ? { path: 'http2', namespace: 'without-http2' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'without-http2' }, () => ({ contents: "throw new Error('inv is built without HTTP/2');", loader: 'js' }));
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (args.importer.includes('commander') ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

// pdfkit's Node build loads its standard fonts with a require() made by createRequire at run time,
// which the bundle cannot follow (and the installed package has no node_modules): the font modules
// are imported statically instead, so they travel in pdfkit's chunk (loaded only when labels are made).
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

const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  define: { __INV_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

// The entry as CommonJS (dist/cli.cjs): --version and --help answer without Node's ESM loader.
await build({
  ...common,
  format: 'cjs',
  entryPoints: ['src/cli/entry.ts'],
  outfile: 'dist/cli.cjs',
  external: ['./start.js'],
  define: { ...common.define, 'import.meta.url': '__invEntryUrl' },
  banner: { js: "const __invEntryUrl = require('node:url').pathToFileURL(__filename).href;" },
});

const esm = {
  ...common,
  outdir: 'dist',
  // CommonJS dependencies inside an ESM bundle need a require().
  banner: { js: "import { createRequire as __invCreateRequire } from 'node:module'; const require = __invCreateRequire(import.meta.url);" },
};

// The CLI: start.js as the only entry point of its build, so fewer chunks are shared (fewer files at start).
// Keep it that way in the sources: a module imported statically on the start path must not also be
// import()ed somewhere, or esbuild splits it (and what it shares) into chunks of their own, and every
// command pays ~0.6 ms a file (the start went from 16 files to 10 when three such imports were removed).
// test/unit/architecture.test.ts checks the rule.
await build({ ...esm, entryPoints: { start: 'src/cli/start.ts' }, splitting: true, chunkNames: 'chunks/[name]-[hash]', plugins: [startPlugins, pdfkitFonts] });

// The sandbox as a library (for the demo and tests), and the help texts (used at build time), apart.
await build({ ...esm, entryPoints: { sandbox: 'src/sandbox/index.ts', 'help-texts': 'src/cli/help-texts.ts' }, splitting: true, chunkNames: 'lib/[name]-[hash]' });

// The label fonts beside the bundle (an installed inv has no devDependencies): the files src/labels/fonts.ts names.
const fontsSource = readFileSync(new URL('../src/labels/fonts.ts', import.meta.url), 'utf8');
const fontPackage = /const PACKAGE = '([^']+)'/.exec(fontsSource)[1];
mkdirSync(new URL('../dist/fonts', import.meta.url), { recursive: true });
for (const [file] of fontsSource.matchAll(/[\w/]+\.ttf/g)) {
  copyFileSync(createRequire(import.meta.url).resolve(`${fontPackage}/${file}`), new URL(`../dist/fonts/${basename(file)}`, import.meta.url));
}

// The help of every command, stored for the entry's fast path (`inv fees --help` without commander).
await import('./write-help.mjs');
