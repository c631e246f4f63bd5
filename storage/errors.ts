import { COLLECTIONS } from '../schemas/index';

/**
 * Bad input from a user (filter, collection name, options): the CLI prints it as one line and
 * exits 2. Kept here, not in the CLI, so the storage layer has no CLI dependency.
 */
export class StorageInputError extends Error {
  override name = 'StorageInputError';
}

/**
 * The store itself cannot work (unreachable server, unwritable or full data folder, a damaged
 * store file, another process holding the write lock too long). `code` names the cause where
 * one is known: the errno (`ENOSPC` for a full disk, also when SQLite says SQLITE_FULL, `EROFS`,
 * `EACCES`…) or SQLite's code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, `SQLITE_BUSY`).
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

export function unknownCollection(name: string): StorageInputError {
  return new StorageInputError(`unknown collection "${name}"; valid collections: ${COLLECTIONS.join(', ')}`);
}
