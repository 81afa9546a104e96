import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // dist/ is built once, before any file: e2e files spawn it, and a file run alone must test today's sources.
    globalSetup: ['test/setup/build.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Spawned CLIs and sandboxes share 2 cores; a few files at a time keeps timings sane.
    maxWorkers: 2,
  },
});
