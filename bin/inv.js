#!/usr/bin/env node
// The launcher: loads the built CLI. CommonJS (see bin/package.json), so that --version and --help
// are answered before Node's ESM loader starts; the rest of inv is ESM, imported when needed.
// Node 22.1+ keeps compiled code between runs (about 10 % off a one-shot command); Node 20 has no cache.
require('node:module').enableCompileCache?.();
require('../dist/cli.js')
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
