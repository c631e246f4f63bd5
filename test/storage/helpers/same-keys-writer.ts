/**
 * A child process for the pipelined-writes test: saves `rounds` listing pages of the same `perPage`
 * commodities (`<prefix>/p<i>`), each round at new prices (`<base> + round`), keeping two saves
 * under way at once as a crawl does, and prints `done` at the end.
 * Usage: same-keys-writer.ts <dataDir> <taskName> <prefix> <rounds> <perPage> <base>
 */
import { openRepository } from '../../../storage/open';
import { commodity, listingPage } from '../fixtures';

const [dataDir, taskName, prefix, roundsArg, perPageArg, baseArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const perPage = Number(perPageArg);
const base = Number(baseArg);
const repo = await openRepository({ dataDir: dataDir!, mongodbUri: '' });
const task = await repo.upsertTask({ name: taskName!, type: 'commerce', startUrls: ['http://shop.test/'] });
const running = new Set<Promise<unknown>>();
for (let r = 0; r < rounds; r++) {
  const goods = Array.from({ length: perPage }, (_, i) => commodity({ url: `${prefix}/p${i}`, price: base + r }));
  const save = repo.savePage(task, listingPage(`${prefix}/list/${base}/${r}`, goods));
  running.add(save);
  void save.then(() => running.delete(save), () => undefined);
  if (running.size >= 2) await Promise.race(running);
}
await Promise.all(running);
await repo.close();
process.stdout.write('done\n');
