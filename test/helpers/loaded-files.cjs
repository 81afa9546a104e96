// Preloaded into a spawned inv (node -r): at exit, prints the files of dist/ it loaded, and the Node built-in modules
// it loaded (`crypto`, `http`, …), as two JSON lines on stderr.
const Module = require('node:module');
const loaded = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain, ...rest) {
  const exports = load.call(this, request, parent, isMain, ...rest);
  try {
    loaded.add(Module._resolveFilename(request, parent, isMain));
  } catch {
    // a builtin
  }
  return exports;
};
process.on('exit', () => {
  process.stderr.write(`loaded-files ${JSON.stringify([...loaded].filter((f) => /[\\/]dist[\\/]/.test(f)))}\n`);
  // Node's own list of what it loaded, internal modules included ("NativeModule internal/crypto/hash").
  const builtins = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => m.slice('NativeModule '.length));
  process.stderr.write(`loaded-builtins ${JSON.stringify(builtins)}\n`);
});
