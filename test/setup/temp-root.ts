/**
 * Gives the run a TMPDIR of its own and fails the run if anything is left in it at the end: each test file gets a
 * folder in it (test/setup/temp-file.ts), so a leftover names the file that left it.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's TMPDIR, holding one folder per test file. */
    tmpRoot: string;
  }
}

/** Vitest global setup: makes the run's TMPDIR; its teardown lists what tests left there and removes it. */
export default function setup(project: TestProject): () => void {
  const outer = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'inv-run-'));
  process.env.TMPDIR = root;
  project.provide('tmpRoot', root);
  return () => {
    const left = readdirSync(root, { recursive: true }) as string[];
    rmSync(root, { recursive: true, force: true });
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    if (left.length > 0) {
      // A teardown's error is only printed by vitest: the exit code is what fails the run.
      console.error(
        `the tests left ${left.length} entries in TMPDIR (a folder per test file): ${left.slice(0, 20).join(', ')}`,
      );
      process.exitCode = 1;
    }
  };
}
