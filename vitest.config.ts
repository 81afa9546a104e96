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
    // Four files at a time on 2 cores: many tests wait (on a rate limit, a Retry-After, a month of nights, a browser),
    // and a fourth file fills the time three left idle (bench/RESULTS.md, `npm test` on a fresh clone).
    maxWorkers: 4,
    // A worker keeps the modules it loaded from one file to the next: a fresh process and module graph per file cost
    // as much CPU as the tests of most files. Each file still gets its own TMPDIR and cleanup (setupFiles run per file).
    isolate: false,
    sequence: { sequencer: WaitFirst },
  },
});
