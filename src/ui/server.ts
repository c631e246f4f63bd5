import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appConfig } from '../config/config';
import { openRepository } from '../../storage/open';
import type { Repository } from '../../storage/repository';
import { JsonScheduleStore, type ScheduleStore } from '../schedule/schedule-store';
import { CrawlLauncher } from './crawl-launcher';
import { guard, newCsrfSecret, refuse, securityHeaders } from './security';
import { IMPORT_MAP_HASH, indexHtml, staticFile } from './static-files';
import { HttpError, type ApiContext } from './api/context';
import { controlAction, createTask, listTasks, taskDetail } from './api/tasks';
import { categoryTree, exportRecords, listRecords, recordDetail } from './api/tables';
import { systemView } from './api/system';

export interface UiOptions {
  /** Default 127.0.0.1. Any other address needs `token`. */
  host?: string;
  /** Default 8080; 0 = a free port. */
  port?: number;
  /** Required on every request when set (see security.ts). */
  token?: string | null;
  /** Where tasks live; default the config's data folder. */
  dataDir?: string;
  /** Default: openRepository() as the CLI opens it. */
  openRepository?: (opts: { readOnly: boolean }) => Promise<Repository>;
}

export interface UiServer {
  /** http://host:port/ */
  url: string;
  port: number;
  launcher: CrawlLauncher;
  /** Stops the crawls this dashboard started (they save their state) and the server. */
  close(): Promise<void>;
}

type Handler = (ctx: ApiContext) => Promise<unknown>;
interface Route { method: 'GET' | 'POST'; path: RegExp; handler: Handler }

const NAME = '([^/]+)';
const ROUTES: Route[] = [
  { method: 'GET', path: /^\/api\/tasks$/, handler: listTasks },
  { method: 'POST', path: /^\/api\/tasks$/, handler: createTask },
  { method: 'GET', path: new RegExp(`^/api/tasks/${NAME}$`), handler: taskDetail },
  { method: 'POST', path: new RegExp(`^/api/tasks/${NAME}/${NAME}$`), handler: controlAction },
  { method: 'GET', path: new RegExp(`^/api/records/${NAME}$`), handler: listRecords },
  { method: 'GET', path: new RegExp(`^/api/record/${NAME}/${NAME}$`), handler: recordDetail },
  { method: 'GET', path: new RegExp(`^/api/export/${NAME}$`), handler: async (ctx) => exportRecords(ctx) },
  { method: 'GET', path: /^\/api\/categories\/tree$/, handler: categoryTree },
  { method: 'GET', path: /^\/api\/system$/, handler: systemView },
];

/** JSON bodies of the forms are small; anything larger is not ours. */
const MAX_BODY = 64 * 1024;

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, `request body over ${MAX_BODY} bytes`));
        req.destroy();
      } else parts.push(d);
    });
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      if (!text.trim()) return resolve({});
      try {
        const v = JSON.parse(text) as unknown;
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
        resolve(v as Record<string, unknown>);
      } catch {
        reject(new HttpError(400, 'the request body must be a JSON object'));
      }
    });
    req.on('error', reject);
  });
}

/** A path part as typed (`%E7%94%B5` → 电); a malformed escape is the client's error. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, `malformed URL escape in "${part.slice(0, 60)}"`);
  }
}

/** JSON with Dates as ISO text. */
function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
}

/**
 * The dashboard: Node's own http server (a dozen routes need no framework), one HTML page, our
 * ES modules and the libraries' module files served as they are, and a JSON API over the same
 * Repository, task files and task-control code the CLI uses.
 */
export async function startUiServer(opts: UiOptions = {}): Promise<UiServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? null;
  const dataDir = opts.dataDir ?? appConfig().dataDir;
  const open = opts.openRepository ?? ((o: { readOnly: boolean }) => openRepository(o));
  const repo = await open({ readOnly: true });
  const schedules: ScheduleStore = JsonScheduleStore.inDataDir(dataDir);
  const launcher = new CrawlLauncher();
  const csrf = newCsrfSecret();
  const headers = securityHeaders(IMPORT_MAP_HASH);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://dashboard.invalid');
    const g = guard(req, url, { token, host }, csrf);
    if (!g.ok) {
      if ('location' in g) {
        res.writeHead(302, { ...headers, Location: g.location, 'Set-Cookie': g.cookie, 'Cache-Control': 'no-store' });
        return res.end();
      }
      return refuse(res, g.status, g.message, headers);
    }
    const path = url.pathname;
    if (req.method !== 'POST' && (path === '/' || path === '/index.html')) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(req.method === 'HEAD' ? undefined : indexHtml(csrf));
    }
    if (req.method !== 'POST' && !path.startsWith('/api/')) {
      const f = staticFile(path);
      if (!f) return refuse(res, 404, `not found: ${path.slice(0, 100)}`, headers);
      res.writeHead(200, { ...headers, 'Content-Type': f.type, 'Cache-Control': 'no-cache' });
      return res.end(req.method === 'HEAD' ? undefined : f.body);
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    for (const r of ROUTES) {
      const m = r.path.exec(path);
      if (!m || r.method !== method) continue;
      try {
        const ctx: ApiContext = {
          req, res, url, repo, dataDir, schedules, launcher,
          params: m.slice(1).map(decodePart),
          openWritable: () => open({ readOnly: false }),
          body: () => readBody(req),
        };
        const value = await r.handler(ctx);
        if (!res.headersSent) sendJson(res, res.statusCode || 200, value ?? {}, headers);
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        const message = err instanceof Error ? err.message : String(err);
        if (status === 500) process.stderr.write(`ui: ${req.method} ${path}: ${err instanceof Error ? err.stack : message}\n`);
        if (!res.headersSent) sendJson(res, status, { error: message.split('\n')[0] }, headers);
        else res.destroy();
      }
      return;
    }
    sendJson(res, 404, { error: `no API route ${method} ${path.slice(0, 100)}` }, headers);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) refuse(res, 500, (err as Error).message, headers);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8080, host, () => resolve());
  }).catch(async (err) => {
    await repo.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    launcher,
    close: async () => {
      await launcher.stopAll();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await repo.close();
    },
  };
}
