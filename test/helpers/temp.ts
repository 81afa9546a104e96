/** Temporary directories for tests: each is removed when its test file ends (test/setup/temp-file.ts), or earlier on request. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A new empty directory in TMPDIR named `inv-<prefix>-…`, removed at the latest when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `inv-${prefix}-`));
  made.add(dir);
  return dir;
}

/** Removes `dir` (made by tempDir) now, with everything in it. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

/** Removes every directory tempDir made in this test file that is still there. */
export function removeTempDirs(): void {
  for (const dir of made) removeTempDir(dir);
}
