/** The suite's build is skipped only when dist/ is, by content, the build of today's inputs and untouched since. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import { distUpToDate, stampDist } from '../../scripts/build-stamp.mjs';
import { tempDir } from '../helpers/temp.js';

let root: string;
const put = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeEach(() => {
  root = tempDir('stamp');
  put('package.json', '{"version":"1.0.0"}');
  put('src/cli/entry.ts', 'export const a = 1;');
  put('dist/cli.js', 'exports.a = 1;');
  stampDist(root);
});

describe('the build stamp', () => {
  it('holds while nothing changed, and when a file is rewritten with the same content', () => {
    expect(distUpToDate(root)).toBe(true);
    put('src/cli/entry.ts', 'export const a = 1;');
    expect(distUpToDate(root)).toBe(true);
  });

  it('breaks when a source, the package or a file of dist/ changes, or a file comes or goes', () => {
    const cases: Array<[string, () => void]> = [
      ['a source edited', () => put('src/cli/entry.ts', 'export const a = 2;')],
      ['a source added', () => put('src/new.ts', '')],
      ['the package', () => put('package.json', '{"version":"1.0.1"}')],
      ['the lock of installed packages', () => put('node_modules/.package-lock.json', '{}')],
      ['dist/ edited', () => put('dist/cli.js', 'exports.a = 2;')],
      ['dist/ removed', () => rmSync(join(root, 'dist/cli.js'))],
    ];
    for (const [what, change] of cases) {
      stampDist(root);
      change();
      expect(distUpToDate(root), what).toBe(false);
    }
  });

  it('breaks when there is no stamp', () => {
    rmSync(join(root, 'dist/.build-stamp.json'));
    expect(distUpToDate(root)).toBe(false);
  });
});
