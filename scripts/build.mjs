// Bundles the CLI and the sandbox library into dist/ with esbuild: ESM, split chunks so
// heavy modules (prompts, tables, the sandbox) load only when a command needs them.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli/entry.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __INV_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies inside an ESM bundle need a require().
  banner: { js: "import { createRequire as __invCreateRequire } from 'node:module'; const require = __invCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
