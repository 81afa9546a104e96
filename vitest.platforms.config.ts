import { defineConfig } from 'vitest/config';

// The platform suites, kept out of npm test: test/windows (npm run test:windows), inv as a Windows program under Wine,
// with Windows Node or the Windows executable (INV_WIN_EXE), a second or more a process; test/standalone
// (npm run test:standalone), the Linux executable of npm run dist with no node on PATH.
export default defineConfig({
  test: {
    include: ['test/windows/**/*.test.ts', 'test/standalone/**/*.test.ts'],
    globalSetup: ['test/setup/temp-root.ts', 'test/setup/build.ts', 'test/windows/setup.ts'],
    setupFiles: ['test/setup/temp-file.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file at a time: every Windows process goes through the one wineserver.
    maxWorkers: 1,
    isolate: false,
  },
});
