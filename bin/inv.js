#!/usr/bin/env node
// The launcher: loads the built CLI. CommonJS (see bin/package.json), so that --version and --help
// are answered before Node's ESM loader starts; the rest of inv is ESM, imported when needed.
// Compiled code is kept between runs in a private directory of the user's (src/cli/compile-cache.ts).
require('../dist/cli.js')
  .run(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
