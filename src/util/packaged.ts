/** Files packaged into inv's standalone executable (scripts/dist.mjs): read from the executable, not from beside it. */

interface Sea {
  isSea(): boolean;
  getRawAsset(name: string): ArrayBuffer;
}

/** node:sea, when this process is a standalone executable (a single executable application). */
function sea(): Sea | undefined {
  const getBuiltin = (process as unknown as { getBuiltinModule?(id: string): Sea | undefined }).getBuiltinModule;
  const module = getBuiltin?.('node:sea');
  return module?.isSea() ? module : undefined;
}

/** The asset `name` of the standalone executable, or undefined when this is not one (or it has no such asset). */
export function packagedAsset(name: string): Buffer | undefined {
  try {
    const found = sea()?.getRawAsset(name);
    return found ? Buffer.from(found) : undefined;
  } catch {
    return undefined;
  }
}
