/**
 * A child process for the crash and multi-writer tests: saves `batches` listing pages of
 * `perBatch` commodities each and prints `ack <n>` after each savePage resolved.
 * Usage: writer.ts <dataDir> <taskName> <urlPrefix> <batches> <perBatch>
 */
import { openRepository } from '../../../storage/open';
import { commodity, listingPage } from '../fixtures';

const [dataDir, taskName, prefix, batchesArg, perBatchArg] = process.argv.slice(2);
const batches = Number(batchesArg);
const perBatch = Number(perBatchArg);
const repo = await openRepository({ dataDir: dataDir!, mongodbUri: '' });
const task = await repo.upsertTask({ name: taskName!, type: 'commerce', startUrls: ['http://shop.test/'] });
process.stdout.write(`task ${task.id}\n`);
for (let b = 0; b < batches; b++) {
  const goods = Array.from({ length: perBatch }, (_, i) =>
    commodity({ url: `${prefix}/b${b}/p${i}`, price: 100 + i, salePrice: 50 + (i % 50), extra: { 批次: b, 说明: '很长的描述'.repeat(20) } }),
  );
  await repo.savePage(task, listingPage(`${prefix}/b${b}`, goods));
  process.stdout.write(`ack ${b}\n`);
}
await repo.close();
process.stdout.write('done\n');
