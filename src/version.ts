/** The package version: inlined by the build, read from package.json when running from source. */
import { readFileSync } from 'node:fs';

declare const __INV_VERSION__: string | undefined;

/** The version string of inv. */
export function version(): string {
  if (typeof __INV_VERSION__ === 'string') return __INV_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
