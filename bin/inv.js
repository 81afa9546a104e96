#!/usr/bin/env node
// The launcher: loads the built CLI. CommonJS (see bin/package.json), so that --version and --help
// are answered before Node's ESM loader starts; the rest of inv is ESM, imported when needed.
require('../dist/cli.cjs')
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
