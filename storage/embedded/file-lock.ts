import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';
import { StorageUnavailableError } from '../errors';

/** How long a writer waits for the lock before giving up with an error. */
const WAIT_MS = 60_000;

/** Beside the lock directory (proper-lockfile removes the directory with rmdir, so it must stay empty). */
const ownerFile = (lockPath: string) => `${lockPath}.owner`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A lock left by a writer that was killed on this machine can be broken at once: its owner
 * file names the pid, and that pid is gone. (Otherwise proper-lockfile's staleness rule applies.)
 */
function breakIfOwnerDead(lockPath: string): boolean {
  try {
    const owner = readFileSync(ownerFile(lockPath), 'utf8');
    const [host, pid] = owner.split('\n');
    if (host === hostname() && pid && !isAlive(Number(pid)) && readFileSync(ownerFile(lockPath), 'utf8') === owner) {
      rmSync(lockPath, { recursive: true, force: true });
      rmSync(ownerFile(lockPath), { force: true });
      return true;
    }
  } catch {
    /* no owner file yet (being created) or already gone */
  }
  return false;
}

/**
 * The inter-process write lock (proper-lockfile: a `store.lock` directory created atomically,
 * refreshed while held, stale 10 s after its holder stopped refreshing it), so several worker
 * processes can write one store in turn; readers never take it. Resolves with its release.
 */
export async function acquireFileLock(target: string, lockPath: string): Promise<() => Promise<void>> {
  let release: (() => Promise<void>) | null = null;
  const deadline = Date.now() + WAIT_MS;
  let delay = 1;
  while (!release) {
    try {
      release = await lockfile.lock(target, {
        lockfilePath: lockPath,
        realpath: false,
        stale: 10_000,
        update: 2_000,
        retries: 0,
        onCompromised: (err) => process.stderr.write(`storage: write lock ${lockPath} compromised: ${err.message}\n`),
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code !== 'ELOCKED') throw new StorageUnavailableError(`cannot take the write lock ${lockPath}: ${e.code ?? ''} ${e.message}`);
      if (breakIfOwnerDead(lockPath)) continue;
      if (Date.now() > deadline) {
        throw new StorageUnavailableError(`data folder is locked by another writer for over ${WAIT_MS / 1000} s (${lockPath}); is a process stuck?`);
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(50, delay * 2);
    }
  }
  try {
    writeFileSync(ownerFile(lockPath), `${hostname()}\n${process.pid}\n`);
  } catch {
    /* only an optimisation for crash recovery */
  }
  const held = release;
  return async () => {
    // The owner file exists only while the lock is held, so a contender never reads a stale one.
    rmSync(ownerFile(lockPath), { force: true });
    await held().catch(() => undefined);
  };
}
