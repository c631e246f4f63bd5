/**
 * A Crawlee request queue stored in Redis, shared by every worker of a task, with the task's
 * Bloom filter as its URL dedup. Plugged into Crawlee per queue:
 *
 *   const h = await openRedisRequestQueue({ redis: process.env.REDIS_URL!, task: 'shop' });
 *   const crawler = new PlaywrightCrawler({ requestQueue: h.queue, ... });
 *   await crawler.run();
 *   await h.close();
 *
 * Pitfalls of Crawlee 3.18 with a shared queue, and how this module handles them:
 * - purgeOnStart: our storage client has no `purge()`, so Crawlee's purge of "default storages"
 *   cannot touch Redis; joining workers never purge. To start a task afresh the lead calls
 *   `dropRedisTask()` explicitly before any worker starts.
 * - a second `run()` drops the queue when it is named 'default': ours is named after the task
 *   ('default' is refused), and `delete()` is a no-op unless `allowDrop` is set.
 * - `maxRequestsPerCrawl` counts per process: use `reservePage()` (one atomic counter per task).
 * - locks are not extended while a handler runs: this client renews all locks it holds every
 *   lockSecs/3 (`renewLocks`, default on), so `lockSecs` can be short (a SIGKILLed worker's
 *   requests come back after at most lockSecs) while long handlers keep theirs.
 * - RequestQueue.open caches per Configuration and name: each open gets its own Configuration,
 *   so two crawlers in one process get two queue instances with two client ids.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Configuration, RequestQueue } from 'crawlee';
import { boundQueueCaches } from './queue-caches';
import type {
  BatchAddRequestsResult, ListAndLockHeadResult, ListAndLockOptions, ListOptions, ProcessedRequest,
  ProlongRequestLockOptions, ProlongRequestLockResult, QueueHead, QueueOperationInfo, RequestOptions,
  RequestQueueClient, RequestQueueCollectionClient, RequestQueueHeadItem, RequestQueueInfo, RequestSchema,
  StorageClient, UpdateRequestSchema, DeleteRequestLockOptions,
} from '@crawlee/types';
import type { Redis } from 'ioredis';
import { type BloomSizing, type BloomSizingOptions } from '../dedup/bloom-math';
import { ensureBloomConfig, packPositions } from '../dedup/bloom-redis';
import { normalizeUrl } from '../dedup/normalize-url';
import { bloomKeys, budgetKey, checkTaskName, queuePrefix, taskPrefix } from '../dedup/redis-keys';
import { connectRedis } from './redis-connection';
import {
  addLua, DELETE_REQUEST_LUA, LIST_AND_LOCK_LUA, LIST_HEAD_LUA, PROLONG_ALL_LUA, PROLONG_LUA,
  RESERVE_PAGE_LUA, UNLOCK_LUA, UPDATE_LUA,
} from './queue-lua';

export interface RedisQueueOptions {
  /** redis:// URL (a connection is opened and owned by the handle) or an ioredis client (not closed by us). */
  redis: string | Redis;
  /** Task name: the queue, the Bloom filter and the page budget are per task. */
  task: string;
  /** Lock owner id. Default: Crawlee's per-queue client key (random per process and open). */
  clientId?: string;
  /** Bloom sizing. Omitted fields: the task's stored settings, else n=1e8, p=1e-3. Explicit
   *  values that differ from the stored ones are refused. */
  bloom?: BloomSizingOptions;
  /** Lock length in seconds, overriding Crawlee's (handler timeout + 5 s, ≥ 60 s). Default: Crawlee's. */
  lockSecs?: number;
  /** Renew every lock this client holds every lockSecs/3. Default true. */
  renewLocks?: boolean;
  /** Minimum time between two requests to one host, over all workers. Default 0. */
  hostDelayMs?: number;
  /** Dedup key of a request from its normalised URL. Default: the URL, plus method and payload
   *  for non-GET requests. A re-crawl can add a round id here to fetch known pages again. */
  dedupKey?: (request: RequestSchema, normalizedUrl: string) => string;
  /** Let `delete()` (Crawlee's drop()) really delete the task's queue. Default false. */
  allowDrop?: boolean;
  /** Called for each link refused by URL normalisation (it is also counted in the queue info). */
  onMalformed?: (url: unknown, reason: string) => void;
  /** Requests per Lua call when adding. Default 500. */
  addChunk?: number;
}

type Cmd = (...args: (string | number | Buffer)[]) => Promise<unknown>;
interface QueueCommands {
  snqListLock: Cmd;
  snqUpdate: Cmd;
  snqProlong: Cmd;
  snqProlongAll: Cmd;
  snqUnlock: Cmd;
  snqDelete: Cmd;
  snqHead: Cmd;
  snqReserve: Cmd;
  [k: `snqAdd${number}`]: Cmd;
}

function defineQueueCommands(redis: Redis, k: number): QueueCommands {
  const r = redis as unknown as QueueCommands & Record<string, unknown>;
  const def = (name: string, lua: string, numberOfKeys = 0) => {
    if (!r[name]) redis.defineCommand(name, { lua, numberOfKeys });
  };
  def('snqListLock', LIST_AND_LOCK_LUA);
  def('snqUpdate', UPDATE_LUA);
  def('snqProlong', PROLONG_LUA);
  def('snqProlongAll', PROLONG_ALL_LUA);
  def('snqUnlock', UNLOCK_LUA);
  def('snqDelete', DELETE_REQUEST_LUA);
  def('snqHead', LIST_HEAD_LUA);
  def('snqReserve', RESERVE_PAGE_LUA, 1);
  def(`snqAdd${k}`, addLua(k));
  return r;
}

/** Crawlee's request id for a uniqueKey (same formula, so its caches line up with ours). */
export function requestIdOf(uniqueKey: string): string {
  return createHash('sha256').update(uniqueKey).digest('base64').replace(/[+/=]/g, '').slice(0, 15);
}

function defaultDedupKey(r: RequestSchema, url: string): string {
  const method = (r.method ?? 'GET').toUpperCase();
  return method === 'GET' && !r.payload ? url : `${method} ${url} ${r.payload ?? ''}`;
}

interface Shared {
  redis: Redis;
  task: string;
  prefix: string;
  sizing: BloomSizing;
  cmds: QueueCommands;
  opts: RedisQueueOptions;
}

/** Crawlee's RequestQueueClient over Redis; one per (queue, client id). */
export class RedisRequestQueueClient implements RequestQueueClient {
  private renewTimer: NodeJS.Timeout | undefined;
  private lockMs = 0;

  constructor(
    private readonly s: Shared,
    readonly clientId: string,
  ) {}

  private get P(): string {
    return this.s.prefix;
  }

  async get(): Promise<RequestQueueInfo | undefined> {
    const m = await this.s.redis.hgetall(`${this.P}meta`);
    if (!m.createdAt) return undefined;
    const total = Number(m.total ?? 0);
    const handled = Number(m.handled ?? 0);
    const ts = (v: string | undefined) => new Date(Number(v ?? m.createdAt));
    return {
      id: this.s.task,
      name: this.s.task,
      createdAt: ts(m.createdAt),
      modifiedAt: ts(m.modifiedAt),
      accessedAt: new Date(),
      totalRequestCount: total,
      handledRequestCount: handled,
      pendingRequestCount: total - handled,
      // Several workers share it: Crawlee must not trust its local counts.
      hadMultipleClients: true,
    };
  }

  async update(_newFields: { name?: string }): Promise<Partial<RequestQueueInfo> | undefined> {
    return this.get();
  }

  /** Crawlee's drop(). A shared queue is only deleted when the handle was opened with allowDrop. */
  async delete(): Promise<void> {
    if (!this.s.opts.allowDrop) return;
    await dropRedisTask(this.s.redis, this.s.task);
  }

  async listHead(options: ListOptions = {}): Promise<QueueHead> {
    const limit = options.limit ?? 100;
    const bodies = (await this.s.cmds.snqHead(this.P, limit)) as string[];
    return { limit, queueModifiedAt: new Date(), hadMultipleClients: true, items: bodies.map(headItem) };
  }

  async addRequest(request: RequestSchema, options: RequestOptions = {}): Promise<QueueOperationInfo> {
    const { processedRequests } = await this.batchAddRequests([request], options);
    const p = processedRequests[0]!;
    return { requestId: p.requestId, wasAlreadyPresent: p.wasAlreadyPresent, wasAlreadyHandled: p.wasAlreadyHandled };
  }

  /**
   * Bloom test-and-set + enqueue in one atomic script per chunk. Malformed URLs are answered as
   * "already handled" (Crawlee then never waits for them) and counted; they never reach Redis.
   */
  async batchAddRequests(requests: RequestSchema[], options: RequestOptions = {}): Promise<BatchAddRequestsResult> {
    const forefront = options.forefront ? '1' : '0';
    const dedupKey = this.s.opts.dedupKey ?? defaultDedupKey;
    const processed: ProcessedRequest[] = new Array(requests.length);
    const good: { i: number; id: string; host: string; json: string; key: string }[] = [];
    let malformed = 0;
    requests.forEach((r, i) => {
      const id = r.id ?? requestIdOf(r.uniqueKey);
      const norm = normalizeUrl(r.url);
      if (norm.url === null) {
        malformed++;
        this.s.opts.onMalformed?.(r.url, norm.reason);
        processed[i] = { uniqueKey: r.uniqueKey, requestId: id, wasAlreadyPresent: true, wasAlreadyHandled: true };
        return;
      }
      const host = new URL(norm.url).host;
      good.push({ i, id, host, json: JSON.stringify({ ...r, id }), key: dedupKey(r, norm.url) });
    });
    if (malformed) await this.s.redis.hincrby(`${this.P}meta`, 'malformed', malformed);
    const chunk = this.s.opts.addChunk ?? 500;
    const B = bloomKeys(this.s.task).blockPrefix;
    const addCmd = `snqAdd${this.s.sizing.k}` as const;
    for (let start = 0; start < good.length; start += chunk) {
      const part = good.slice(start, start + chunk);
      const blocks: number[] = [];
      const { blob } = packPositions(part.map((g) => g.key), this.s.sizing, (b) => {
        blocks.push(b);
        return '';
      });
      // packPositions numbers blocks in first-seen order; map each item back to its block number.
      const itemBlocks = blockPerItem(blob, this.s.sizing.k, blocks);
      const args: (string | number | Buffer)[] = [this.P, B, this.s.sizing.k, forefront, blob];
      part.forEach((g, j) => args.push(g.id, g.host, g.json, itemBlocks[j]!));
      const res = (await this.s.cmds[addCmd](...args)) as number[];
      part.forEach((g, j) => {
        processed[g.i] = {
          uniqueKey: requests[g.i]!.uniqueKey,
          requestId: g.id,
          wasAlreadyPresent: res[j] !== 0,
          wasAlreadyHandled: res[j] === 2,
        };
      });
    }
    return { processedRequests: processed, unprocessedRequests: [] };
  }

  async getRequest(id: string): Promise<RequestOptions | undefined> {
    const body = await this.s.redis.hget(`${this.P}req`, id);
    return body ? (JSON.parse(body) as RequestOptions) : undefined;
  }

  /** Stores retryCount/errorMessages (retries count across workers) or marks the request handled. */
  async updateRequest(request: UpdateRequestSchema, _options: RequestOptions = {}): Promise<QueueOperationInfo> {
    const id = request.id ?? requestIdOf(request.uniqueKey);
    const handled = request.handledAt ? '1' : '0';
    const was = await this.s.cmds.snqUpdate(this.P, id, JSON.stringify({ ...request, id }), handled, this.clientId);
    return { requestId: id, wasAlreadyPresent: true, wasAlreadyHandled: was === 1 };
  }

  async deleteRequest(id: string): Promise<unknown> {
    return this.s.cmds.snqDelete(this.P, id);
  }

  async listAndLockHead(options: ListAndLockOptions): Promise<ListAndLockHeadResult> {
    const limit = options.limit ?? 25;
    const lockSecs = this.s.opts.lockSecs ?? options.lockSecs;
    this.startRenewing(lockSecs * 1000);
    const [flag, ...bodies] = (await this.s.cmds.snqListLock(
      this.P, this.clientId, limit, Math.round(lockSecs * 1000), this.s.opts.hostDelayMs ?? 0,
    )) as [number, ...string[]];
    return {
      limit,
      lockSecs,
      queueModifiedAt: new Date(),
      hadMultipleClients: true,
      // True also when requests wait behind a host's politeness gate, so Crawlee keeps polling.
      queueHasLockedRequests: flag === 1,
      items: bodies.map(headItem),
    };
  }

  async prolongRequestLock(id: string, options: ProlongRequestLockOptions): Promise<ProlongRequestLockResult> {
    const secs = this.s.opts.lockSecs ?? options.lockSecs;
    const exp = await this.s.cmds.snqProlong(this.P, id, this.clientId, Math.round(secs * 1000));
    return { lockExpiresAt: new Date(Number(exp)) };
  }

  async deleteRequestLock(id: string, options: DeleteRequestLockOptions = {}): Promise<void> {
    await this.s.cmds.snqUnlock(this.P, id, this.clientId, options.forefront ? '1' : '0');
  }

  /** Extends every lock this client holds to now + lockMs; returns how many. */
  async prolongOwnedLocks(lockMs = this.lockMs || 60_000): Promise<number> {
    return Number(await this.s.cmds.snqProlongAll(this.P, this.clientId, Math.round(lockMs)));
  }

  private startRenewing(lockMs: number): void {
    if (this.s.opts.renewLocks === false) return;
    if (this.renewTimer && lockMs === this.lockMs) return;
    this.stopRenewing();
    this.lockMs = lockMs;
    this.renewTimer = setInterval(() => {
      // A Redis restart makes this wait or fail; the next tick tries again.
      this.prolongOwnedLocks(lockMs).catch(() => undefined);
    }, Math.max(200, lockMs / 3));
    this.renewTimer.unref();
  }

  stopRenewing(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }
}

function headItem(body: string): RequestQueueHeadItem {
  const r = JSON.parse(body) as RequestSchema & { id: string };
  return { id: r.id, uniqueKey: r.uniqueKey, url: r.url, method: r.method ?? 'GET', retryCount: r.retryCount ?? 0 };
}

function blockPerItem(blob: Buffer, k: number, blocks: number[]): number[] {
  const stride = 4 * (k + 1);
  const out: number[] = [];
  for (let off = 0; off < blob.length; off += stride) out.push(blocks[blob.readUInt32LE(off) - 1]!);
  return out;
}

const unsupported = (what: string) => () => {
  throw new Error(`the Redis storage client only stores request queues (${what} is not supported)`);
};

/**
 * Crawlee StorageClient that serves request queues from Redis (datasets and key-value stores
 * stay with Crawlee's default storage). Create it with `RedisStorageClient.create()`.
 */
export class RedisStorageClient implements StorageClient {
  private readonly clients: RedisRequestQueueClient[] = [];

  private constructor(private readonly s: Shared) {}

  static async create(opts: RedisQueueOptions): Promise<RedisStorageClient> {
    const task = checkTaskName(opts.task);
    if (task === 'default') throw new Error('task name "default" is reserved by Crawlee (its second run() drops that queue); pick another');
    const redis = typeof opts.redis === 'string' ? await connectRedis(opts.redis, { name: `sn-worker:${task}` }) : opts.redis;
    try {
      const sizing = await ensureBloomConfig(redis, { ...opts.bloom, task });
      const cmds = defineQueueCommands(redis, sizing.k);
      const P = queuePrefix(task);
      await redis.hsetnx(`${P}meta`, 'createdAt', Date.now());
      return new RedisStorageClient({ redis, task, prefix: P, sizing, cmds, opts });
    } catch (err) {
      // A refused worker must not keep a connection (and the process) alive.
      if (typeof opts.redis === 'string') redis.disconnect();
      throw err;
    }
  }

  get redis(): Redis {
    return this.s.redis;
  }

  get sizing(): BloomSizing {
    return this.s.sizing;
  }

  requestQueues(): RequestQueueCollectionClient {
    return {
      list: async () => {
        const info = await this.requestQueue(this.s.task).get();
        const items = info ? [info] : [];
        return { total: items.length, count: items.length, offset: 0, limit: 1, items };
      },
      getOrCreate: async (name: string) => {
        if (name !== this.s.task) throw new Error(`this Redis storage client serves task "${this.s.task}", not "${name}"`);
        await this.s.redis.hsetnx(`${this.s.prefix}meta`, 'createdAt', Date.now());
        return (await this.requestQueue(name).get())!;
      },
    };
  }

  /** A queue client; its lock owner is `clientId` from the options, else Crawlee's clientKey. */
  requestQueue(id: string, options: { clientKey?: string } = {}): RedisRequestQueueClient {
    if (id !== this.s.task) throw new Error(`this Redis storage client serves task "${this.s.task}", not "${id}"`);
    const c = new RedisRequestQueueClient(this.s, this.s.opts.clientId ?? options.clientKey ?? randomUUID());
    this.clients.push(c);
    return c;
  }

  datasets = unsupported('datasets');
  dataset = unsupported('dataset');
  keyValueStores = unsupported('keyValueStores');
  keyValueStore = unsupported('keyValueStore');

  /** Atomic page budget of the task (see reservePage). */
  reservePage(limit: number): Promise<boolean> {
    return reservePage(this.s.redis, this.s.task, limit);
  }

  /** Stops lock renewal; quits the connection when we opened it. */
  async close(): Promise<void> {
    for (const c of this.clients) c.stopRenewing();
    if (typeof this.s.opts.redis === 'string') await this.s.redis.quit().catch(() => undefined);
  }
}

/**
 * Takes one page of the task's budget: true while fewer than `limit` pages were taken over all
 * workers, false after (atomic, so `--max-pages` is exact). Call it before fetching a page.
 */
export async function reservePage(redis: Redis, task: string, limit: number): Promise<boolean> {
  const r = redis as unknown as Pick<QueueCommands, 'snqReserve'>;
  if (!(redis as unknown as Record<string, unknown>).snqReserve) redis.defineCommand('snqReserve', { lua: RESERVE_PAGE_LUA, numberOfKeys: 1 });
  return (await r.snqReserve(budgetKey(task), limit)) === 1;
}

/** Gives one page back (e.g. a reserved page that was skipped before fetching). Never below 0. */
export async function releasePage(redis: Redis, task: string): Promise<void> {
  await redis.eval("if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end return 1", 1, budgetKey(task));
}

/** Pages taken from the budget so far. */
export async function pagesReserved(redis: Redis, task: string): Promise<number> {
  return Number((await redis.get(budgetKey(task))) ?? 0);
}

/** Deletes everything of a task in Redis (queue, Bloom filter, budget). For a fresh start, before workers run. */
export async function dropRedisTask(redis: Redis, task: string): Promise<number> {
  let cursor = '0';
  let n = 0;
  // The `{` of the hash tag is a glob class in MATCH: escape it.
  const pattern = taskPrefix(task).replace(/[{}[\]*?\\]/g, (c) => `\\${c}`) + '*';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length) n += await redis.del(...keys);
  } while (cursor !== '0');
  return n;
}

export interface RedisQueueHandle {
  /** The Crawlee queue to pass as `requestQueue` to a crawler. */
  queue: RequestQueue;
  storage: RedisStorageClient;
  /** Lock owner id of this queue (Crawlee's client key unless given). */
  clientId: string;
  /** See reservePage(). */
  reservePage(limit: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the task's shared queue as a Crawlee RequestQueue (see the module comment for the pitfalls). */
export async function openRedisRequestQueue(opts: RedisQueueOptions): Promise<RedisQueueHandle> {
  const storage = await RedisStorageClient.create(opts);
  // Own Configuration: Crawlee caches opened queues per configuration and name, and our queue must
  // never be shared between two crawler instances of one process (each needs its own lock owner).
  const config = new Configuration({ purgeOnStart: false });
  const queue = await RequestQueue.open(opts.task, { storageClient: storage, config });
  // Crawlee's own caches of every request this worker saw would grow for the whole task.
  boundQueueCaches(queue);
  const client = (queue as unknown as { client: RedisRequestQueueClient }).client;
  return {
    queue,
    storage,
    clientId: client.clientId,
    reservePage: (limit) => storage.reservePage(limit),
    close: () => storage.close(),
  };
}
