import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Spawned CLIs and sandboxes share 2 cores; a few files at a time keeps timings sane.
    maxWorkers: 2,
  },
});
