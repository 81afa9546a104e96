/**
 * Builds dist/ once before any test file runs: e2e files spawn bin/inv (which loads dist/), so a
 * single file run alone (`npx vitest run test/e2e/x.test.ts`) tests the sources as they are now.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Vitest global setup: one build for the whole run. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
