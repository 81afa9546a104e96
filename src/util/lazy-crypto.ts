/** node:crypto, loaded at its first use rather than at a command's start. */

/** Node's crypto module (not the global Web Crypto), read when first asked for. */
export function nodeCrypto(): typeof import('node:crypto') {
  // Node reads 16 internal modules for it, ~7 ms of a one-shot that signs and hashes nothing (`inv profile list`).
  return process.getBuiltinModule('node:crypto');
}
