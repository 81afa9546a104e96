/**
 * Builds dist/ once before any test file runs: e2e files spawn bin/inv (which loads dist/), so a
 * single file run alone (`npx vitest run test/e2e/x.test.ts`) tests the sources as they are now.
 * A dist/ that is already the build of today's sources, by content, is kept (scripts/build-stamp.mjs).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Vitest global setup: one build for the whole run. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
