import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { PageValidators, ValidatorStore } from '../fetching/validators';
import { readLines } from '../../files/read-lines';

/** The file of the task folder that holds the validators (embedded mode). */
export const VALIDATORS_FILE = 'validators.sqlite';
/** What earlier versions kept them in: one JSON line per fetch, read whole into memory. */
const OLD_FILE = 'validators.jsonl';

/**
 * Embedded mode's validators (ETag, Last-Modified, page type and links of every page fetched),
 * in a SQLite file of the task folder, read one page at a time. They used to live in a Map
 * filled from a JSON-lines file: with each page's links that held about 2 KB of heap per page
 * fetched for the whole crawl (the crawler's memory grew with every page; a million pages
 * would not fit), and the file was read and rewritten as one string (V8 stops near 512 MB).
 *
 * A validator is a cache: synchronous=NORMAL (in WAL mode a kill loses nothing, a power loss
 * at most the last writes; such a page is fetched in full next time). One process crawls a
 * local task, so no locking of ours is needed.
 */
export class SqliteValidatorStore implements ValidatorStore {
  private readonly getStmt: Database.Statement<[string], string | undefined>;
  private readonly setStmt: Database.Statement<[string, string]>;

  private constructor(private readonly db: Database.Database) {
    this.getStmt = db.prepare<[string], string | undefined>('SELECT v FROM validators WHERE url = ?').pluck();
    this.setStmt = db.prepare<[string, string]>('INSERT OR REPLACE INTO validators (url, v) VALUES (?, ?)');
  }

  static async open(dir: string): Promise<SqliteValidatorStore> {
    mkdirSync(dir, { recursive: true });
    const db = new Database(join(dir, VALIDATORS_FILE));
    try {
      db.pragma('busy_timeout = 10000');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec('CREATE TABLE IF NOT EXISTS validators (url TEXT PRIMARY KEY, v TEXT NOT NULL)');
      const store = new SqliteValidatorStore(db);
      await store.importOldFile(join(dir, OLD_FILE));
      return store;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** Takes over the JSON-lines file of earlier versions (the last line for a URL wins), then deletes it. */
  private async importOldFile(file: string): Promise<void> {
    if (!existsSync(file)) return;
    this.db.exec('BEGIN');
    try {
      for await (const line of readLines(file, 1024 * 1024)) {
        try {
          const [url, v] = JSON.parse(line) as [string, PageValidators];
          if (typeof url === 'string' && v && typeof v === 'object') this.setStmt.run(url, JSON.stringify(v));
        } catch {
          // A torn last line after a crash: that page is simply fetched in full next time.
        }
      }
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
    rmSync(file, { force: true });
  }

  async get(url: string): Promise<PageValidators | null> {
    const v = this.getStmt.get(url);
    return v === undefined ? null : (JSON.parse(v) as PageValidators);
  }

  async set(url: string, v: PageValidators): Promise<void> {
    this.setStmt.run(url, JSON.stringify(v));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
