import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StoreWriter } from '../../storage/embedded/store-writer';
import { openRepository } from '../../storage/open';
import { tempDir } from '../helpers/temp-dir';

/**
 * The writer thread commits the pages waiting for it in one SQLite transaction, each page in a
 * savepoint (storage/embedded/writer-thread.mjs). A page's answer must not depend on the pages it
 * was committed with: a conflict rolls back that page alone, an error reaches the page that
 * caused it, and every other page of the batch is stored.
 */

async function emptyStore(): Promise<string> {
  const dir = tempDir('store-group-');
  const repo = await openRepository({ dataDir: dir, mongodbUri: '' });
  await repo.close();
  return join(dir, 'store.sqlite');
}

const INSERT = 'INSERT INTO "hosts" (_id, uk, doc) VALUES (?, ?, ?)';
const page = (...keys: string[]) => [{ kind: 'insert' as const, sql: INSERT, rows: keys.map((k) => [`id-${k}`, k, JSON.stringify({ key: k })]) }];
const keysIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT uk FROM hosts ORDER BY uk').all() as Array<{ uk: string }>).map((r) => r.uk);
  } finally {
    db.close();
  }
};

describe('embedded store: pages waiting for the writer are committed together', () => {
  it('rolls back a page whose guard fails to its savepoint and commits the rest of its batch', async () => {
    const file = await emptyStore();
    const writer = await StoreWriter.start(file, { busyTimeoutMs: 1000, synchronous: 'FULL' });
    const answers = await Promise.all([writer.write(page('a')), writer.write(page('b')), writer.write(page('x', 'a')), writer.write(page('c'))]);
    expect(answers).toEqual([false, false, true, false]);
    expect(keysIn(file)).toEqual(['a', 'b', 'c']);
    // Three pages stored in fewer transactions: the conflicting page was in a batch with others.
    expect(writer.stats.pages).toBe(3);
    expect(writer.stats.commits).toBeLessThan(3);
    await writer.close();
  });

  it('answers each page of a batch as if alone: stored, conflict (rolled back alone) or its own error', async () => {
    const file = await emptyStore();
    const writer = await StoreWriter.start(file, { busyTimeoutMs: 1000, synchronous: 'FULL' });
    // Sent without waiting, so they queue up behind the first.
    const answers = await Promise.allSettled([
      writer.write(page('a', 'b')),
      writer.write(page('c')),
      // Its second row's key is already stored: the guard fails, and its first row goes too.
      writer.write(page('d', 'a')),
      // A statement SQLite refuses: this page's error, nothing of it stored.
      writer.write([{ kind: 'insert', sql: 'INSERT INTO "hosts" (_id, uk, nope) VALUES (?, ?, ?)', rows: [['id-e', 'e', '{}']] }]),
      writer.write(page('f')),
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? (a.value ? 'conflict' : 'stored') : 'error'))).toEqual(['stored', 'stored', 'conflict', 'error', 'stored']);
    expect(String((answers[3] as PromiseRejectedResult).reason.message)).toMatch(/nope/);
    expect(keysIn(file)).toEqual(['a', 'b', 'c', 'f']);
    await writer.close();
  });

  it('commits many waiting pages in fewer transactions than pages, each page stored once', async () => {
    const file = await emptyStore();
    const writer = await StoreWriter.start(file, { busyTimeoutMs: 1000, synchronous: 'FULL' });
    const keys = Array.from({ length: 40 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    const conflicts = await Promise.all(keys.map((k) => writer.write(page(k))));
    expect(conflicts.every((c) => c === false)).toBe(true);
    expect(keysIn(file)).toEqual(keys);
    expect(writer.stats.pages).toBe(40);
    expect(writer.stats.commits).toBeLessThan(40);
    await writer.close();
  });
});
