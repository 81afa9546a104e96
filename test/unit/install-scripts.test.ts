/** `npm ci` runs no install script that package.json's allowScripts did not review (npm warns of each one). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));

describe('allowScripts', () => {
  it('covers every package of the lockfile that has an install script', () => {
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
    };
    const allowed = (read('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    const uncovered = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path, entry]) => ({ name: path.replace(/^.*node_modules\//, ''), version: entry.version }))
      .filter(({ name, version }) => allowed[name] === undefined && allowed[`${name}@${version}`] === undefined)
      .map(({ name, version }) => `${name}@${version}`);
    expect(uncovered).toEqual([]);
  });
});
