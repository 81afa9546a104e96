/** Files packaged into inv's standalone executable (scripts/dist.mjs): read from the executable, not from beside it. */

declare const __INV_SEA__: boolean | undefined;

/** Whether this is the standalone executable (the build of scripts/dist.mjs defines __INV_SEA__). */
export function standalone(): boolean {
  return typeof __INV_SEA__ === 'boolean' && __INV_SEA__;
}

interface Sea {
  getRawAsset(name: string): ArrayBuffer;
}

/** The asset `name` of the standalone executable, or undefined when this is not one (or it has no such asset). */
export function packagedAsset(name: string): Buffer | undefined {
  if (!standalone()) return undefined;
  const builtin = (process as unknown as { getBuiltinModule(id: string): Sea }).getBuiltinModule('node:sea');
  try {
    return Buffer.from(builtin.getRawAsset(name));
  } catch {
    return undefined;
  }
}
