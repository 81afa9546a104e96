import { defineConfig } from 'vitest/config';

// The Windows suite (npm run test:windows): inv as a Windows program under Wine, with Windows Node or the Windows
// executable (INV_WIN_EXE). Slow to start (a second or more a process): kept out of npm test.
export default defineConfig({
  test: {
    include: ['test/windows/**/*.test.ts'],
    globalSetup: ['test/setup/temp-root.ts', 'test/setup/build.ts', 'test/windows/setup.ts'],
    setupFiles: ['test/setup/temp-file.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: every Windows process goes through the one wineserver.
    maxWorkers: 1,
    isolate: false,
  },
});
