import { join } from 'node:path';
import { expect } from 'vitest';
import { openRepository } from '../../storage/open';
import { runCli, tempDataDir } from './cli';

export type Row = Record<string, unknown>;
export type CommerceTables = Record<'categories' | 'shops' | 'commodities' | 'reviews', Row[]>;

/** Crawls with the CLI as a user would (default browser mode) into a fresh data folder and reads back the commerce tables. */
export async function crawlIntoTables(args: string[]): Promise<CommerceTables> {
  const dataDir = tempDataDir();
  const res = await runCli(args, { CRAWLER_DATA_DIR: dataDir });
  expect(res.code, res.stderr).toBe(0);
  const repo = await openRepository({ dataDir: join(dataDir, 'store'), mongodbUri: '' });
  try {
    return {
      categories: await repo.find('categories', {}),
      shops: await repo.find('shops', {}),
      commodities: await repo.find('commodities', {}),
      reviews: await repo.find('reviews', {}),
    };
  } finally {
    await repo.close();
  }
}
