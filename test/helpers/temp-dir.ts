/**
 * Temp folders for tests, removed after each test file (see remove-temp-dirs.ts, a vitest setup
 * file). Tests must not fill the user's /tmp: every `npm test` used to leave hundreds of folders
 * behind. Set KEEP_TEST_DIRS=1 to keep them when debugging a failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];

/** A new empty folder `<tmpdir>/<prefix>XXXXXX`, removed when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Removes every folder made by tempDir() so far. */
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      // A process a test left running may still be writing there: warn, do not fail the file.
      console.warn(`could not remove test folder ${dir}: ${(err as Error).message}`);
    }
  }
}
