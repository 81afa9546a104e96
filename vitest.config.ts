import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // dist/ is built once, before any file: e2e files spawn it, and a file run alone must test today's sources.
    // The run gets a TMPDIR of its own, each file a folder in it; anything left there at the end fails the file, or the run.
    globalSetup: ['test/setup/temp-root.ts', 'test/setup/build.ts'],
    setupFiles: ['test/setup/temp-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Spawned CLIs and sandboxes share 2 cores; a few files at a time keeps timings sane.
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next: a fresh process and module graph per file cost
    // as much CPU as the tests of most files. Each file still gets its own TMPDIR and cleanup (setupFiles run per file).
    isolate: false,
  },
});
