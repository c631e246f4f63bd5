import { isCollectionName, type CollectionName } from '../schemas/index';
import { EmbeddedRepository, type EmbeddedOptions } from './embedded/embedded-repository';
import { unknownCollection } from './errors';
import { MongoRepository } from './mongo/mongo-repository';
import type { Repository } from './repository';
import { join } from 'node:path';
import { appConfig } from '../src/config/config';

export interface OpenOptions {
  /** MongoDB URI; default `MONGODB_URI` from the environment. When set, MongoDB is used. */
  mongodbUri?: string;
  /** Embedded data folder (holds store.sqlite); default `<CRAWLER_DATA_DIR>/store`, i.e. `./data/store`. */
  dataDir?: string;
  /** Embedded only: open for queries (no writes). */
  readOnly?: boolean;
  /** Embedded only: see EmbeddedOptions.durability. */
  durability?: EmbeddedOptions['durability'];
  /** MongoDB only: default 5000 ms. */
  serverSelectionTimeoutMS?: number;
}

/** MongoDB when a URI is given or MONGODB_URI is set, else the embedded store in the data folder. */
export async function openRepository(opts: OpenOptions = {}): Promise<Repository> {
  const uri = opts.mongodbUri ?? process.env.MONGODB_URI;
  if (uri && uri.trim()) return MongoRepository.open({ uri: uri.trim(), serverSelectionTimeoutMS: opts.serverSelectionTimeoutMS });
  // The store lives beside the tasks' crawl state, in <CRAWLER_DATA_DIR or ./data>/store.
  const dataDir = opts.dataDir ?? join(appConfig().dataDir, 'store');
  return EmbeddedRepository.open({ dataDir, readOnly: opts.readOnly, durability: opts.durability });
}

/** Checks a collection name a user typed; the error lists the valid ones. */
export function resolveCollection(name: string): CollectionName {
  if (!isCollectionName(name)) throw unknownCollection(name);
  return name;
}
