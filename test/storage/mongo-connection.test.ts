import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { StorageInputError, StorageUnavailableError } from '../../storage/errors';
import { isServerGone, whileServerGone } from '../../storage/mongo/outage';
import { redactUri } from '../../storage/mongo/uri';
import { openRepository } from '../../storage/open';
import { runCli, tempDataDir } from '../helpers/cli';

/**
 * What can be checked here without a MongoDB server: URIs reach the driver as written and never
 * show their secrets, bad ones fail with one line, and a save waits for a server that is gone
 * (with the driver's real error for an unreachable server). A server that really goes away
 * mid-crawl is for the contract suite on CI (MONGODB_URI).
 */
describe('MONGODB_URI in messages', () => {
  it('hides passwords and secret options, and keeps everything else as written', () => {
    expect(redactUri('mongodb://app:s3cret@db1:27017,db2:27017,db3:27017/crawler?replicaSet=rs0&authSource=admin&tls=true'))
      .toBe('mongodb://app:***@db1:27017,db2:27017,db3:27017/crawler?replicaSet=rs0&authSource=admin&tls=true');
    expect(redactUri('mongodb+srv://app:p%40ss@cluster0.example.net/crawler?retryWrites=true&w=majority'))
      .toBe('mongodb+srv://app:***@cluster0.example.net/crawler?retryWrites=true&w=majority');
    // A password written with raw @, / and : still ends at the @ before the hosts.
    expect(redactUri('mongodb://app:a@b/c:d@db1/crawler')).toBe('mongodb://app:***@db1/crawler');
    expect(redactUri('mongodb://db1/crawler?tls=true&tlsCertificateKeyFile=/k.pem&tlsCertificateKeyFilePassword=hunter2'))
      .toBe('mongodb://db1/crawler?tls=true&tlsCertificateKeyFile=/k.pem&tlsCertificateKeyFilePassword=***');
    expect(redactUri('mongodb://AKIA@db1/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:tok'))
      .toBe('mongodb://AKIA@db1/?authMechanism=MONGODB-AWS&authMechanismProperties=***');
    expect(redactUri('mongodb://127.0.0.1:27017/crawler')).toBe('mongodb://127.0.0.1:27017/crawler');
  });

  it('refuses a URI that is not a MongoDB connection string in one line, without its password', async () => {
    const err = await openRepository({ mongodbUri: 'postgres://app:s3cret@db1/crawler' }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toMatch(/^MONGODB_URI must start with mongodb:\/\/ or mongodb\+srv:\/\//);
    expect((err as Error).message).not.toContain('s3cret');
    const bad = await openRepository({ mongodbUri: 'mongodb://app:s3cret@db1/crawler?tls=maybe' }).catch((e: Error) => e);
    expect((bad as Error).message).toBe('MONGODB_URI mongodb://app:***@db1/crawler?tls=maybe is not a valid connection string: tls/ssl must be either "true" or "false" (see the MongoDB manual, "Connection Strings")');
    const srv = await openRepository({ mongodbUri: 'mongodb+srv://app:s3cret@a.example,b.example/crawler' }).catch((e: Error) => e);
    expect((srv as Error).message).toMatch(/^MONGODB_URI mongodb\+srv:\/\/app:\*\*\*@a\.example,b\.example\/crawler is not a valid connection string: mongodb\+srv URI cannot have multiple service names/);
  });

  it('makes `query` with a wrong MONGODB_URI print one line without the password and exit 2', async () => {
    const r = await runCli(['query', 'commodities', '{}'], { MONGODB_URI: 'mysql://app:s3cret@db1/crawler', CRAWLER_DATA_DIR: tempDataDir() });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['error: MONGODB_URI must start with mongodb:// or mongodb+srv:// (e.g. mongodb://user:password@host:27017/crawler?authSource=admin), got "mysql://app:***@db1/crawler"']);
  });

  it('names an unreadable TLS file instead of calling the server unreachable', async () => {
    const err = await openRepository({ mongodbUri: 'mongodb://app:s3cret@127.0.0.1:1/crawler?tls=true&tlsCAFile=/nonexistent/ca.pem', serverSelectionTimeoutMS: 500 }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/^cannot use MongoDB at mongodb:\/\/app:\*\*\*@127\.0\.0\.1:1\/crawler\?tls=true&tlsCAFile=\/nonexistent\/ca\.pem: a file MONGODB_URI names .* cannot be read \(ENOENT/);
    expect((err as Error).message).not.toContain('s3cret');
  });
});

/** The driver's own error for a server that cannot be reached (a closed port on this machine). */
async function realServerSelectionError(): Promise<Error> {
  const client = new mongoose.mongo.MongoClient('mongodb://127.0.0.1:1/x', { serverSelectionTimeoutMS: 100 });
  try {
    await client.connect();
  } catch (err) {
    return err as Error;
  } finally {
    await client.close().catch(() => undefined);
  }
  throw new Error('connected to port 1?');
}

describe('a MongoDB server that goes away mid-crawl', () => {
  it('makes a save wait and try again, saying so, and go on when the server answers', async () => {
    const gone = await realServerSelectionError();
    expect(isServerGone(gone)).toBe(true);
    const lines: string[] = [];
    let calls = 0;
    const out = await whileServerGone(async () => {
      if (++calls < 3) throw gone;
      return 'stored';
    }, { where: 'mongodb://app:***@db1/crawler', retryEveryMs: 1, log: (l) => lines.push(l) });
    expect(out).toBe('stored');
    expect(calls).toBe(3);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^MongoDB at mongodb:\/\/app:\*\*\*@db1\/crawler is not answering \(.*\); waiting for it and trying again for up to 600 s$/);
    expect(lines[1]).toMatch(/answers again after \d+ s; saving goes on/);
  });

  it('says it once for all the saves waiting at the same time', async () => {
    const gone = await realServerSelectionError();
    const lines: string[] = [];
    const opts = { where: 'db1', retryEveryMs: 1, log: (l: string) => lines.push(l), state: { down: false } };
    let up = false;
    const save = (n: number) => whileServerGone(async () => {
      if (!up) throw gone;
      return n;
    }, opts);
    const saves = [save(1), save(2), save(3)];
    await new Promise((r) => setTimeout(r, 20));
    up = true;
    expect(await Promise.all(saves)).toEqual([1, 2, 3]);
    expect(lines.map((l) => l.replace(/\(.*\)/, '(…)').replace(/\d+ s/g, 'N s'))).toEqual([
      'MongoDB at db1 is not answering (…); waiting for it and trying again for up to N s',
      'MongoDB at db1 answers again after N s; saving goes on',
    ]);
  });

  it('gives up after its limit with the storage error the crawler counts as "not stored"', async () => {
    const gone = await realServerSelectionError();
    const err = await whileServerGone(async () => { throw gone; }, { where: 'db1', maxWaitMs: 0, log: () => undefined }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toMatch(/^MongoDB at db1 did not answer for 0 s \(1 tries; last: .*\); this save did not complete$/);
  });

  it('does not retry an error that is not about the server (a bad filter, a rejected write)', async () => {
    let calls = 0;
    const bad = new StorageInputError('bad filter');
    await expect(whileServerGone(async () => { calls++; throw bad; }, { where: 'db1', log: () => undefined })).rejects.toBe(bad);
    expect(calls).toBe(1);
    expect(isServerGone(new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key error', code: 11000 }))).toBe(false);
    expect(isServerGone(new mongoose.mongo.MongoServerError({ message: 'not primary', code: 10107 }))).toBe(true);
  });
});
