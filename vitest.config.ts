import { defineConfig } from 'vitest/config';
import WaitingSpread from './test/setup/sequencer.js';

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
    // Five files at a time on 2 cores: about one worker's worth of files wait (on a rate limit, a Retry-After, a stop),
    // and the other files also wait on the processes they start; five keep both cores busy (bench/RESULTS.md).
    maxWorkers: 5,
    // A worker keeps the modules it loaded from one file to the next: a fresh process and module graph per file cost
    // as much CPU as the tests of most files. Each file still gets its own TMPDIR and cleanup (setupFiles run per file).
    isolate: false,
    sequence: { sequencer: WaitingSpread },
  },
});
