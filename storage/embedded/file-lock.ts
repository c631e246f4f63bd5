import lockfile from 'proper-lockfile';
import { StorageUnavailableError } from '../errors';

/**
 * The inter-process write lock (proper-lockfile: a `store.lock` directory created atomically,
 * refreshed while held, considered stale 10 s after its holder died). Held per write batch, so
 * several worker processes can write one store in turn; readers never take it.
 */
export async function withFileLock<T>(target: string, lockPath: string, fn: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(target, {
      lockfilePath: lockPath,
      realpath: false,
      stale: 10_000,
      update: 2_000,
      retries: { retries: 600, factor: 1.3, minTimeout: 1, maxTimeout: 50 },
      onCompromised: (err) => process.stderr.write(`storage: write lock ${lockPath} compromised: ${err.message}\n`),
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ELOCKED') throw new StorageUnavailableError(`data folder is locked by another writer for too long (${lockPath}); is a process stuck?`);
    throw new StorageUnavailableError(`cannot take the write lock ${lockPath}: ${e.code ?? ''} ${e.message}`);
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
