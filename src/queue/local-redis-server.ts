/**
 * Starts a real `redis-server` for tests, benchmarks and `bloom-test` without REDIS_URL: a free
 * port on 127.0.0.1, a temp dir, no RDB snapshots, AOF optional. Killed when this process exits.
 *
 *   const redis = await startRedisServer({ appendonly: true });
 *   // ... new Redis(redis.url) ...
 *   await redis.restart();   // same port and dir: with AOF on, the data survives
 *   await redis.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServerOptions {
  /** Turn AOF on (`appendfsync always` so a restart loses nothing). Default false. */
  appendonly?: boolean;
  /** Path of the redis-server binary. Default /usr/bin/redis-server. */
  binary?: string;
  /** How long to wait for the first PONG. Default 10 000 ms. */
  startTimeoutMs?: number;
}

export interface RedisServerHandle {
  url: string;
  port: number;
  dir: string;
  /** Stops the server and removes its temp dir. */
  stop(): Promise<void>;
  /** Kills the server (SIGKILL when `hard`, else SIGTERM) and starts it again on the same port and dir. */
  restart(opts?: { hard?: boolean; downMs?: number }): Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A crashed or interrupted test run must not leave redis-servers behind.
  process.on('exit', () => {
    for (const p of live) p.kill('SIGKILL');
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** One raw PING over a socket: avoids pulling ioredis' retry logic into the readiness check. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok: boolean) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(500, () => done(false));
    sock.on('error', () => done(false));
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startRedisServer(opts: RedisServerOptions = {}): Promise<RedisServerHandle> {
  installExitHook();
  const binary = opts.binary ?? '/usr/bin/redis-server';
  const startTimeoutMs = opts.startTimeoutMs ?? 10_000;
  const dir = mkdtempSync(join(tmpdir(), 'redis-test-'));
  let port = 0;
  let proc: ChildProcess | undefined;
  let stderr = '';

  const launch = async (): Promise<void> => {
    const args = [
      '--port', String(port), '--bind', '127.0.0.1', '--dir', dir,
      '--save', '', '--appendonly', opts.appendonly ? 'yes' : 'no',
      '--appendfsync', 'always', '--daemonize', 'no', '--loglevel', 'warning',
      '--protected-mode', 'no',
    ];
    const p = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    proc = p;
    live.add(p);
    p.stderr?.on('data', (d) => (stderr += d.toString()));
    p.on('exit', () => live.delete(p));
    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (p.exitCode !== null) throw new Error(`redis-server exited with ${p.exitCode}: ${stderr.trim()}`);
      if (await ping(port)) return;
      await sleep(25);
    }
    p.kill('SIGKILL');
    throw new Error(`redis-server did not answer PING on port ${port} within ${startTimeoutMs} ms`);
  };

  const kill = async (signal: NodeJS.Signals): Promise<void> => {
    const p = proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise<void>((r) => p.once('exit', () => r()));
    p.kill(signal);
    await exited;
  };

  // The port may be taken between probing and binding: try a few.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (err) {
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    async stop() {
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    async restart({ hard = false, downMs = 0 } = {}) {
      await kill(hard ? 'SIGKILL' : 'SIGTERM');
      if (downMs > 0) await sleep(downMs);
      await launch();
    },
  };
}
