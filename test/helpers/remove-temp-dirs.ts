/**
 * Vitest setup file (vitest.config.ts `setupFiles`): after each test file, removes the folders
 * its tests made with tempDir(), so test runs do not fill the user's /tmp. With KEEP_TEST_DIRS=1
 * they are kept, to look at after a failure.
 *
 * Runs in the test file's own module graph, so it sees the same temp-dir.ts list as the tests.
 * Registered before the file's own hooks, it runs after them (vitest runs afterAll hooks in
 * reverse order), once servers and child processes the file stops in its afterAll are gone.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dir';

if (process.env.KEEP_TEST_DIRS !== '1') afterAll(removeTempDirs);
