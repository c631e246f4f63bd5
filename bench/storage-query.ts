/**
 * One `query`-like process for bench/storage.ts: opens the store read-only, runs one indexed
 * query with sort and limit, and prints JSON {openMs, queryMs, rssMb} on stdout. It imports the
 * store from `<root>/storage/open.ts`, so the same script measures another checkout (the old
 * log store from git `main`).
 * Usage: tsx bench/storage-query.ts <root> <dataDir>
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, dataDir] = process.argv.slice(2);
const { openRepository } = (await import(pathToFileURL(join(root!, 'storage/open.ts')).href)) as typeof import('../storage/open');
const t0 = performance.now();
const repo = await openRepository({ dataDir: dataDir!, mongodbUri: '', readOnly: true });
const openMs = performance.now() - t0;
const times: number[] = [];
let rows = 0;
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  rows = (await repo.find('commodities', { salePrice: { $lt: 100 } }, { sort: { salePrice: -1 }, limit: 10 })).length;
  times.push(performance.now() - t);
}
const rssMb = Math.round(process.memoryUsage().rss / 1048576);
// PRAGMA quick_check over the whole file (the SQLite store only): is it cheap enough for every open?
const verify = (repo as { verify?: () => Promise<{ ms: number }> }).verify;
const quickCheckMs = verify ? (await verify.call(repo)).ms : null;
await repo.close();
const r = (x: number) => Math.round(x * 100) / 100;
process.stdout.write(JSON.stringify({ openMs: r(openMs), firstQueryMs: r(times[0]!), queryMs: r([...times].sort((a, b) => a - b)[2]!), rows, rssMb, quickCheckMs }) + '\n');
