/**
 * Each test file's TMPDIR is a folder of its own in the run's (test/setup/temp-root.ts), also for the processes it
 * spawns; when the file ends, what tempDir made is removed, and anything else left there fails the file.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { removeTempDirs } from '../helpers/temp.js';

const root = inject('tmpRoot');
const file = relative(process.cwd(), expect.getState().testPath ?? 'unknown');
// Short names (e2e-login): Chromium's socket path in TMPDIR must stay under 108 bytes.
const dir = join(root, `${basename(dirname(file))}-${basename(file, '.test.ts')}`);
mkdirSync(dir, { recursive: true });
process.env.TMPDIR = dir;

afterAll(() => {
  removeTempDirs();
  const left = readdirSync(dir, { recursive: true }) as string[];
  rmSync(dir, { recursive: true, force: true });
  process.env.TMPDIR = root;
  if (left.length > 0) {
    throw new Error(
      `${file} left ${left.length} entries in TMPDIR (${left.join(', ')}): make temporary folders with tempDir() of test/helpers/temp.ts`,
    );
  }
});
