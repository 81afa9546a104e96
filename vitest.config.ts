import { defineConfig } from 'vitest/config';
import WaitFirst from './test/setup/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The platform suites run on their own (vitest.platforms.config.ts).
    exclude: ['test/windows/**', 'test/standalone/**', '**/node_modules/**'],
    // dist/ is built once, before any file: e2e files spawn it, and a file run alone must test today's sources.
    // The run gets a TMPDIR of its own, each file a folder in it; anything left there at the end fails the file, or the run.
    globalSetup: ['test/setup/temp-root.ts', 'test/setup/build.ts'],
    setupFiles: ['test/setup/temp-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Three files at a time on 2 cores: many tests wait (on a rate limit, a Retry-After, a browser), and a third file
    // fills that time (the 20 heaviest files took 87 s with 2, 77 s with 3 and 93 s with 4, the same CPU each).
    maxWorkers: 4,
    // A worker keeps the modules it loaded from one file to the next: a fresh process and module graph per file cost
    // as much CPU as the tests of most files. Each file still gets its own TMPDIR and cleanup (setupFiles run per file).
    isolate: false,
    sequence: { sequencer: WaitFirst },
  },
});
