import { createRequire } from 'node:module';
import { MemoryStorage, type MemoryStorageOptions } from '@crawlee/memory-storage';

/**
 * Crawlee's in-memory storage client, with its argument checks off. MemoryStorage checks every
 * request it is handed with shapeshift after Crawlee's RequestQueue has already checked it
 * (with ow), and builds an error with a stack trace for each optional field it tries: about 6%
 * of the main thread of an HTTP-mode crawl. Crawlee's own calls pass every option those
 * checks would default (limit, lockSecs), and MemoryStorage is the only shapeshift user here.
 * The switch is set on shapeshift's CommonJS build, the one MemoryStorage `require`s (an
 * `import` would load the ES build, a separate copy with its own switch).
 */
export function memoryStorage(options: MemoryStorageOptions): MemoryStorage {
  const shapeshift = createRequire(import.meta.url)('@sapphire/shapeshift') as typeof import('@sapphire/shapeshift');
  shapeshift.setGlobalValidationEnabled(false);
  return new MemoryStorage(options);
}
