import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Removes the temp folders each test file made (KEEP_TEST_DIRS=1 keeps them).
    setupFiles: ['test/helpers/remove-temp-dirs.ts'],
    // Browser and redis tests are slow on 2 cores; run files one or two at a time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    reporters: ['default'],
  },
});
