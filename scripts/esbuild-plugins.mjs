// esbuild plugins shared by the build of dist/ (scripts/build.mjs) and of the standalone executables (scripts/dist.mjs).
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

// commander loads node:child_process at start, for executable subcommands that inv does not have:
// it gets a stand-in that loads the real module only if it is ever used.
export const leanStart = {
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
export const pdfkitFonts = {
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
