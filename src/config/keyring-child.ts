/**
 * The program a keyring child process runs (node -e): it loads the native binding, does the operations read from
 * stdin and prints their results. The binding's calls are synchronous and can block for ever on a D-Bus that never
 * answers: inv's own process never loads it, and kills the child when it does not answer in time (config/keyring.ts).
 */

/**
 * The child's source, CommonJS: INV_KEYRING_BINDING names the module to load, @napi-rs/keyring's entry (required) or
 * the .node file a standalone executable carries (process.dlopen: its main script can require built-in modules only).
 */
export const KEYRING_CHILD_SOURCE = `
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  let answer;
  try {
    const path = process.env.INV_KEYRING_BINDING;
    const binding = { exports: {} };
    if (path.endsWith('.node')) process.dlopen(binding, path);
    else binding.exports = require(path);
    const { Entry } = binding.exports;
    answer = {
      ok: true,
      results: JSON.parse(input).map((op) => {
        // On Linux the Secret Service only: the binding would fall back to the kernel's keyutils, lost at reboot.
        const entry = new Entry(op.service, op.account, { linux: { store: 'secret-service' } });
        if (op.op === 'get') return entry.getPassword();
        if (op.op === 'set') return entry.setPassword(op.value), true;
        return entry.deleteCredential();
      }),
    };
  } catch (error) {
    answer = { ok: false, error: String((error && error.message) || error).split(/\\r?\\n/)[0] };
  }
  process.stdout.write(JSON.stringify(answer));
});
`;
