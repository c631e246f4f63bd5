import { COLLECTIONS } from '../schemas/index';

/**
 * Bad input from a user (filter, collection name, options): the CLI prints it as one line and
 * exits 2. Kept here, not in the CLI, so the storage layer has no CLI dependency.
 */
export class StorageInputError extends Error {
  override name = 'StorageInputError';
}

/** The store itself cannot work (unreachable server, unwritable or full data folder, lock held). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

export function unknownCollection(name: string): StorageInputError {
  return new StorageInputError(`unknown collection "${name}"; valid collections: ${COLLECTIONS.join(', ')}`);
}
