/**
 * node:crypto, loaded at its first use. Node reads 16 internal modules for it (~7 ms of a one-shot command), which a
 * command that signs and hashes nothing (an inventory read, `inv profile list`) should not pay at its start.
 */
export function crypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}
